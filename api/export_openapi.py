"""Write the OpenAPI document the app serves to ``openapi/openapi.json``.

Run ``python -m eights.api.export_openapi`` after changing a route or a schema;
tests/test_api_openapi.py fails while the committed file differs from what the app serves.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from eights.api.app import create_app

PATH = Path(__file__).resolve().parent.parent / "openapi" / "openapi.json"


def served_document() -> dict[str, Any]:
    """The document a default app serves at /openapi.json."""
    client = create_app({"TESTING": True, "EIGHTS_TT_MB": 1}).test_client()
    document: dict[str, Any] = client.get("/openapi.json").get_json()
    return document


def render(document: dict[str, Any]) -> str:
    """The committed text: sorted keys, two-space indent, a final newline."""
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> int:
    """Write the file; print where."""
    PATH.write_text(render(served_document()), encoding="utf-8")
    print(f"wrote {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
