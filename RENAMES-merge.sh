#!/bin/bash
# Merge a branch that still uses eights.api's old names into a tree that has eights.answers (#38),
# then delete this file and RENAMES.sed. Usage, from the worktree: ./RENAMES-merge.sh BRANCH
# A conflicted file whose side in this tree differs from the merge base by RENAMES.sed alone takes
# the branch's version with RENAMES.sed applied; a file the branch deleted stays deleted; any other
# conflict is left to resolve by hand (listed). Every file the merge brings gets RENAMES.sed.
set -e
git merge --no-commit --no-ff "$1" || true
base=$(git merge-base HEAD MERGE_HEAD)
old_path() {  # the file's path at the merge base: answers/X was api/X
  case "$1" in answers/*) if git cat-file -e "$base:api/${1#answers/}" 2>/dev/null; then echo "api/${1#answers/}"; return; fi;; esac
  echo "$1"
}
git status --porcelain | while read -r state file rest; do
  case "$state" in
    DU|UD) git rm -q -- "$file" ;;
    UU|AA) before=$(old_path "$file")
           if git cat-file -e "$base:$before" 2>/dev/null &&
              diff -q <(git show "$base:$before" | sed -E -f RENAMES.sed) <(git show "HEAD:$file") >/dev/null; then
             git checkout --theirs -- "$file" && git add -- "$file"
           else echo "by hand: $file"; fi ;;
  esac
done
git diff --cached --name-only --diff-filter=AMR | grep -v 'RENAMES\|\.json$\|/static/' | while read -r file; do
  if [ -f "$file" ] && [ ! -L "$file" ]; then sed -i -E -f RENAMES.sed "$file" && git add -- "$file"; fi
done
git diff --name-only --diff-filter=U | sed 's/^/still in conflict: /'
