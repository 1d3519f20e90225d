"""Packaging: ``python -m build`` makes the sdist, then the wheel from it, and each installs
into a fresh virtual environment whose ``eights.solver._core`` imports and whose ``eights`` runs.
The sdist is built there with the oldest setuptools pyproject.toml allows.

About a minute (two builds of the C core, two environments): ``pytest -m packaging``
selects it, ``-m "not packaging"`` leaves it out; a plain ``pytest`` runs it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STEP_SECONDS = 300
BUILD_OUTPUT = (".git", ".venv", "build", "dist", "*.egg-info", "*.so", "__pycache__", ".*_cache", ".hypothesis")

pytestmark = pytest.mark.packaging


def run(*command: str | Path, cwd: Path) -> str:
    """Run a command outside this checkout's environment; its output, or a failure showing it."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    done = subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=STEP_SECONDS)
    assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def setuptools_floor() -> str:
    """The lowest setuptools the build requires (``setuptools>=X``)."""
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    floors = [match.group(1) for line in requires if (match := re.fullmatch(r"setuptools>=([\d.]+)", line))]
    assert floors, f"no setuptools>=X among {requires}"
    return floors[0]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel (built from the sdist, so that the sdist must hold the sources),
    from a copy of the checkout without build output: a stale egg-info would fill the sdist."""
    source, out = tmp_path_factory.mktemp("source") / "eights", tmp_path_factory.mktemp("dist")
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*BUILD_OUTPUT))
    run(sys.executable, "-m", "build", "--outdir", out, source, cwd=out)
    return out


def fresh_environment(where: Path) -> Path:
    """A new virtual environment; its bin directory."""
    run(sys.executable, "-m", "venv", where, cwd=where.parent)
    return where / "bin"


def pip_install(bin_dir: Path, *arguments: str | Path) -> None:
    """``pip install`` into the environment (its dependencies from the package index)."""
    run(bin_dir / "pip", "install", "-q", "--no-compile", *arguments, cwd=bin_dir)


def assert_installed(bin_dir: Path, cwd: Path) -> None:
    """The installed package's core imports from the environment, and the command line runs."""
    core = run(bin_dir / "python", "-c", "import eights.solver._core as core; print(core.__file__)", cwd=cwd)
    assert core.startswith(str(bin_dir.parent)), core
    games = run(bin_dir / "python", "-c", "from eights.games import find_game; print(find_game('classic/4').name)", cwd=cwd)
    assert games.strip() == "classic/4", games
    assert "usage: eights" in run(bin_dir / "eights", "--help", cwd=cwd)


def test_the_sdist_installs_with_the_oldest_setuptools_allowed(dist: Path, tmp_path: Path) -> None:
    (sdist,) = dist.glob("*.tar.gz")
    bin_dir = fresh_environment(tmp_path / "sdist-env")
    pip_install(bin_dir, f"setuptools=={setuptools_floor()}", "wheel")
    pip_install(bin_dir, "--no-build-isolation", sdist)
    assert_installed(bin_dir, tmp_path)


def test_the_wheel_installs_and_imports_beside_a_package_named_api(dist: Path, tmp_path: Path) -> None:
    """``api``, the most common of the names the wheel once put in site-packages: both import."""
    (wheel,) = dist.glob("*.whl")
    bin_dir = fresh_environment(tmp_path / "wheel-env")
    pip_install(bin_dir, wheel)
    assert_installed(bin_dir, tmp_path)
    assert "usage: eights" in run(bin_dir / "python", "-m", "eights", "--help", cwd=tmp_path)
    site = Path(run(bin_dir / "python", "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
                    cwd=tmp_path).strip())
    (site / "api").mkdir()
    (site / "api" / "__init__.py").write_text("OWNER = 'another project'\n")
    both = run(bin_dir / "python", "-c", "import api, eights.api; print(api.OWNER, eights.api.create_app.__name__)",
               cwd=tmp_path)
    assert both.strip() == "another project create_app"


def test_the_wheel_holds_one_package_eights(dist: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as contents:
        top = {name.split("/", 1)[0] for name in contents.namelist()}
    name, version = wheel.name.split("-")[:2]
    assert top == {"eights", f"{name}-{version}.dist-info"}, top
