# The modules moved from eights.api to eights.answers (#38: the command line does not import the service).
# Apply to a branch's code after merging: sed -i -E -f RENAMES.sed FILES
# Dotted names first (specific `from package import module` forms before the general rule), then paths.
# Piece (a job piece's JSON) moved from api/jobs/store.py to answers/jobs/work.py:
s/^from eights\.api\.jobs\.store import Piece$/from eights.answers.jobs.work import Piece/
s/^(from eights\.api\.jobs\.store import .*), Piece$/\1\nfrom eights.answers.jobs.work import Piece/
s/^(from eights\.api\.jobs\.store import .*), Piece, (.*)$/\1, \2\nfrom eights.answers.jobs.work import Piece/
# Not a rename, so not here: current_service() (eights.answers.service) is the request's, set by
# eights.api.app before each request; outside a request (app.app_context()) use app.extensions[EXTENSION].
s/from eights\.api\.common import schemas\b/from eights.answers.common import schemas/g
s/from eights\.api\.common import fields\b/from eights.answers.common import fields/g
s/from eights\.api\.common import reading\b/from eights.answers.common import reading/g
s/from eights\.api\.common import game_reading\b/from eights.answers.common import game_reading/g
s/from eights\.api\.common import family_play\b/from eights.answers.common import family_play/g
s/from eights\.api\.hint import schemas\b/from eights.answers.hint import schemas/g
s/from eights\.api\.solve import schemas\b/from eights.answers.solve import schemas/g
s/from eights\.api\.positions import schemas\b/from eights.answers.positions import schemas/g
s/from eights\.api\.batch import plan\b/from eights.answers.batch import plan/g
s/from eights\.api\.batch import schemas\b/from eights.answers.batch import schemas/g
s/from eights\.api\.fair import hinting\b/from eights.answers.fair import hinting/g
s/from eights\.api\.fair import family\b/from eights.answers.fair import family/g
s/from eights\.api\.fair import schemas\b/from eights.answers.fair import schemas/g
s/from eights\.api\.analyse import accounts\b/from eights.answers.analyse import accounts/g
s/from eights\.api\.analyse import analysis\b/from eights.answers.analyse import analysis/g
s/from eights\.api\.analyse import family\b/from eights.answers.analyse import family/g
s/from eights\.api\.analyse import family_matches\b/from eights.answers.analyse import family_matches/g
s/from eights\.api\.analyse import matches\b/from eights.answers.analyse import matches/g
s/from eights\.api\.analyse import schemas\b/from eights.answers.analyse import schemas/g
s/from eights\.api\.jobs import execution\b/from eights.answers.jobs import execution/g
s/from eights\.api\.jobs import work\b/from eights.answers.jobs import work/g
s/eights\.api\.service\b/eights.answers.service/g
s/eights\.api\.plan\b/eights.answers.plan/g
s/eights\.api\.budget\b/eights.answers.budget/g
s/eights\.api\.cache\b/eights.answers.cache/g
s/eights\.api\.lanes\b/eights.answers.lanes/g
s/eights\.api\.settings\b/eights.answers.settings/g
s/eights\.api\.errors\b/eights.answers.errors/g
s/eights\.api\.client\b/eights.answers.client/g
s/eights\.api\.request_clock\b/eights.answers.request_clock/g
s/eights\.api\.shared\b/eights.answers.shared/g
s/eights\.api\.shared_cache\b/eights.answers.shared_cache/g
s/eights\.api\.common\.schemas\b/eights.answers.common.schemas/g
s/eights\.api\.common\.fields\b/eights.answers.common.fields/g
s/eights\.api\.common\.reading\b/eights.answers.common.reading/g
s/eights\.api\.common\.game_reading\b/eights.answers.common.game_reading/g
s/eights\.api\.common\.family_play\b/eights.answers.common.family_play/g
s/eights\.api\.hint\.schemas\b/eights.answers.hint.schemas/g
s/eights\.api\.solve\.schemas\b/eights.answers.solve.schemas/g
s/eights\.api\.positions\.schemas\b/eights.answers.positions.schemas/g
s/eights\.api\.batch\.plan\b/eights.answers.batch.plan/g
s/eights\.api\.batch\.schemas\b/eights.answers.batch.schemas/g
s/eights\.api\.fair\.hinting\b/eights.answers.fair.hinting/g
s/eights\.api\.fair\.family\b/eights.answers.fair.family/g
s/eights\.api\.fair\.schemas\b/eights.answers.fair.schemas/g
s/eights\.api\.analyse\.accounts\b/eights.answers.analyse.accounts/g
s/eights\.api\.analyse\.analysis\b/eights.answers.analyse.analysis/g
s/eights\.api\.analyse\.family\b/eights.answers.analyse.family/g
s/eights\.api\.analyse\.family_matches\b/eights.answers.analyse.family_matches/g
s/eights\.api\.analyse\.matches\b/eights.answers.analyse.matches/g
s/eights\.api\.analyse\.schemas\b/eights.answers.analyse.schemas/g
s/eights\.api\.jobs\.execution\b/eights.answers.jobs.execution/g
s/eights\.api\.jobs\.work\b/eights.answers.jobs.work/g
s/\bapi\/service\.py\b/answers\/service.py/g
s/\bapi\/plan\.py\b/answers\/plan.py/g
s/\bapi\/budget\.py\b/answers\/budget.py/g
s/\bapi\/cache\.py\b/answers\/cache.py/g
s/\bapi\/lanes\.py\b/answers\/lanes.py/g
s/\bapi\/settings\.py\b/answers\/settings.py/g
s/\bapi\/errors\.py\b/answers\/errors.py/g
s/\bapi\/client\.py\b/answers\/client.py/g
s/\bapi\/request_clock\.py\b/answers\/request_clock.py/g
s/\bapi\/shared\.py\b/answers\/shared.py/g
s/\bapi\/shared_cache\.py\b/answers\/shared_cache.py/g
s/\bapi\/common\/schemas\.py\b/answers\/common\/schemas.py/g
s/\bapi\/common\/fields\.py\b/answers\/common\/fields.py/g
s/\bapi\/common\/reading\.py\b/answers\/common\/reading.py/g
s/\bapi\/common\/game_reading\.py\b/answers\/common\/game_reading.py/g
s/\bapi\/common\/family_play\.py\b/answers\/common\/family_play.py/g
s/\bapi\/hint\/schemas\.py\b/answers\/hint\/schemas.py/g
s/\bapi\/solve\/schemas\.py\b/answers\/solve\/schemas.py/g
s/\bapi\/positions\/schemas\.py\b/answers\/positions\/schemas.py/g
s/\bapi\/batch\/plan\.py\b/answers\/batch\/plan.py/g
s/\bapi\/batch\/schemas\.py\b/answers\/batch\/schemas.py/g
s/\bapi\/fair\/hinting\.py\b/answers\/fair\/hinting.py/g
s/\bapi\/fair\/family\.py\b/answers\/fair\/family.py/g
s/\bapi\/fair\/schemas\.py\b/answers\/fair\/schemas.py/g
s/\bapi\/analyse\/accounts\.py\b/answers\/analyse\/accounts.py/g
s/\bapi\/analyse\/analysis\.py\b/answers\/analyse\/analysis.py/g
s/\bapi\/analyse\/family\.py\b/answers\/analyse\/family.py/g
s/\bapi\/analyse\/family_matches\.py\b/answers\/analyse\/family_matches.py/g
s/\bapi\/analyse\/matches\.py\b/answers\/analyse\/matches.py/g
s/\bapi\/analyse\/schemas\.py\b/answers\/analyse\/schemas.py/g
s/\bapi\/jobs\/execution\.py\b/answers\/jobs\/execution.py/g
s/\bapi\/jobs\/work\.py\b/answers\/jobs\/work.py/g
