"""eights.answers.settings: EIGHTS_* variables, their defaults, and the docs' table of them."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask

from eights.answers.service import EXTENSION
from eights.answers.settings import Settings, markdown_table
from eights.bench.load import free_port

ROOT = Path(__file__).resolve().parent.parent
SETTINGS_PAGE = ROOT / "docs" / "settings.md"


def test_settings_default_without_variables() -> None:
    assert Settings.load({}) == Settings()


def test_settings_read_whole_numbers() -> None:
    assert Settings.load({"EIGHTS_MAX_BATCH": " 8 "}).max_batch == 8


def test_settings_read_text() -> None:
    assert Settings.load({"EIGHTS_HOST": "0.0.0.0"}).host == "0.0.0.0"


def test_settings_ignore_other_variables() -> None:
    assert Settings.load({"MAX_BATCH": "1", "EIGHTS_UNKNOWN": "x"}) == Settings()


@pytest.mark.parametrize("value", ["-1", "lots", "2.5", ""])
def test_settings_refuse_a_bad_number_naming_the_variable(value: str) -> None:
    with pytest.raises(ValueError, match="^EIGHTS_MAX_DEPTH: "):
        Settings.load({"EIGHTS_MAX_DEPTH": value})


@pytest.mark.parametrize("url", ["redis://127.0.0.1:6379/0", "rediss://cache.example:6380", "unix:///run/redis.sock"])
def test_settings_read_a_redis_url(url: str) -> None:
    assert Settings.load({"EIGHTS_REDIS_URL": url}).redis_url == url


@pytest.mark.parametrize("url", ["garbage", "http://127.0.0.1:6379", "redis://127.0.0.1:port/0"])
def test_settings_refuse_a_redis_url_redis_cannot_read(url: str) -> None:
    with pytest.raises(ValueError, match=f"^EIGHTS_REDIS_URL: expected a Redis URL, got '{url}'"):
        Settings.load({"EIGHTS_REDIS_URL": url})


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:8786", "127.0.0.1:8786", "tls://scheduler.example:8786",
                                     "tcp://[::1]:8786"])
def test_settings_read_a_dask_scheduler_address(address: str) -> None:
    assert Settings.load({"EIGHTS_DASK_SCHEDULER": address}).dask_scheduler == address


@pytest.mark.parametrize("address", ["garbage", "tcp://127.0.0.1", "tcp://127.0.0.1:port", "tcp://127.0.0.1:99999",
                                     "http://127.0.0.1:8786", "inproc://scheduler"])
def test_settings_refuse_an_address_dask_cannot_connect_to(address: str) -> None:
    with pytest.raises(ValueError, match=f"^EIGHTS_DASK_SCHEDULER: expected a Dask scheduler address .*, got '{address}'"):
        Settings.load({"EIGHTS_DASK_SCHEDULER": address})


@pytest.mark.parametrize("variable", ["EIGHTS_REDIS_URL", "EIGHTS_DASK_SCHEDULER"])
def test_eights_serve_with_a_bad_address_stops_with_one_line(variable: str) -> None:
    done = subprocess.run([sys.executable, "-m", "eights", "serve", "--port", str(free_port())], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ, variable: "garbage"}, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"eights: {variable}: expected a ")


@pytest.mark.parametrize("variable", ["EIGHTS_REDIS_URL", "EIGHTS_DASK_SCHEDULER"])
def test_gunicorn_with_a_bad_address_stops_with_one_line(variable: str) -> None:
    done = subprocess.run([sys.executable, "-c", "import eights.api.gunicorn_conf"], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, variable: "garbage"}, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"eights: {variable}: expected a ")


def test_app_takes_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch, make_app: Callable[..., Flask]) -> None:
    monkeypatch.setenv("EIGHTS_MAX_BATCH", "3")
    assert make_app().extensions[EXTENSION].settings.max_batch == 3


def test_app_config_overrides_the_environment(monkeypatch: pytest.MonkeyPatch, make_app: Callable[..., Flask]) -> None:
    monkeypatch.setenv("EIGHTS_MAX_BATCH", "3")
    assert make_app(EIGHTS_MAX_BATCH=5).extensions[EXTENSION].settings.max_batch == 5


def test_body_limit_is_flasks_max_content_length(make_app: Callable[..., Flask]) -> None:
    assert make_app(EIGHTS_MAX_BODY_BYTES=1234).config["MAX_CONTENT_LENGTH"] == 1234


def test_the_docs_settings_page_is_the_generated_table() -> None:
    """docs/settings.md includes the table the docs' build writes from markdown_table() (the
    built page listing every variable is tests/test_docs.py's)."""
    spec = importlib.util.spec_from_file_location("eights_docs", ROOT / "docs" / "_ext" / "eights_docs.py")
    assert spec is not None and spec.loader is not None
    eights_docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(eights_docs)
    assert "```{include} _generated/settings.md\n```" in SETTINGS_PAGE.read_text(encoding="utf-8")
    assert eights_docs.settings_page() == markdown_table() + "\n"
