"""api.settings: EIGHTS_* variables, their defaults, and the README's table of them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask

from api.service import EXTENSION
from api.settings import Settings, markdown_table

README = Path(__file__).resolve().parent.parent / "README.md"


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


def test_app_takes_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch, make_app: Callable[..., Flask]) -> None:
    monkeypatch.setenv("EIGHTS_MAX_BATCH", "3")
    assert make_app().extensions[EXTENSION].settings.max_batch == 3


def test_app_config_overrides_the_environment(monkeypatch: pytest.MonkeyPatch, make_app: Callable[..., Flask]) -> None:
    monkeypatch.setenv("EIGHTS_MAX_BATCH", "3")
    assert make_app(EIGHTS_MAX_BATCH=5).extensions[EXTENSION].settings.max_batch == 5


def test_body_limit_is_flasks_max_content_length(make_app: Callable[..., Flask]) -> None:
    assert make_app(EIGHTS_MAX_BODY_BYTES=1234).config["MAX_CONTENT_LENGTH"] == 1234


def test_readme_lists_every_setting() -> None:
    assert markdown_table() in README.read_text(encoding="utf-8"), "run python -m api.settings into README.md"
