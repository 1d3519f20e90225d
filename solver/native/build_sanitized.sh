#!/bin/sh
# Build solver._core with AddressSanitizer and UBSan (asserts on) into
# build/asan/solver/, beside the normal build.  Run tests against it with:
#
#   LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 \
#   PYTHONPATH=build/asan:. python3 -P -m pytest --import-mode=append tests/test_core_perft.py
#
# build/asan/solver holds _core*.so and a copy of solver/*.py and solver/weights/, a complete package
# that must come first on the path: -P keeps the current directory off the
# front of sys.path, and --import-mode=append keeps pytest from putting the
# project root there (either would import the in-tree solver/_core*.so).
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT="$ROOT/build/asan/solver"
PYTHON=${PYTHON:-python3}
mkdir -p "$OUT"
INCLUDES=$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
SUFFIX=$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
NATIVE="$ROOT/solver/native"
gcc -shared -fPIC -O1 -g -std=c11 -Wall -Wextra \
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
    -I"$INCLUDES" -I"$NATIVE" \
    "$NATIVE"/*.c \
    -lm -o "$OUT/_core$SUFFIX"
# The package's Python files, so that build/asan/solver is a complete package.
for f in "$ROOT"/solver/*.py "$ROOT"/solver/_core.pyi; do
    [ -e "$f" ] && cp "$f" "$OUT/"
done
cp -r "$ROOT/solver/weights" "$OUT/"
echo "$OUT/_core$SUFFIX"
