#!/bin/sh
# Build eights.solver._core with AddressSanitizer and UBSan (asserts on) into
# build/asan/eights/solver/ (or OUT/eights/solver/ for `build_sanitized.sh OUT`), beside the normal build.  Run tests against it with:
#
#   LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 \
#   PYTHONPATH=build/asan:. python3 -P -m pytest --import-mode=append tests/test_core_perft.py
#
# build/asan/eights holds a copy of the eights package (its linked folders' files) with the
# sanitized _core*.so, a complete package that must come first on the path: -P keeps the
# current directory off the front of sys.path, and --import-mode=append keeps pytest from
# putting the project root there (either would import the in-tree eights/solver/_core*.so).
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PACKAGE="${1:-$ROOT/build/asan}/eights"
OUT="$PACKAGE/solver"
PYTHON=${PYTHON:-python3}
rm -rf "$PACKAGE"
mkdir -p "$PACKAGE"
cp -rL "$ROOT/eights/." "$PACKAGE/"
find "$PACKAGE" \( -name '*.so' -o -name __pycache__ \) -prune -exec rm -rf {} +
INCLUDES=$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
SUFFIX=$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
NATIVE="$ROOT/solver/native"
gcc -shared -fPIC -O1 -g -std=c11 -Wall -Wextra \
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
    -I"$INCLUDES" -I"$NATIVE" \
    "$NATIVE"/*.c \
    -lm -o "$OUT/_core$SUFFIX"
echo "$OUT/_core$SUFFIX"
