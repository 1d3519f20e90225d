"""The engine, play/ and the games' interface (games/) are strictly typed (STYLE.md): mypy --strict finds nothing."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_play_and_games_pass_mypy_strict() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "engine", "play", "games"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
