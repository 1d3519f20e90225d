#!/usr/bin/env bash
# Fetch the Swagger UI files /docs serves from the npm package swagger-ui-dist, at the version
# in swagger-ui/VERSION (edit it first to move to another one), and copy the few that
# flask-smorest's page loads (with the licence) into swagger-ui/. Needs npm and the npm registry.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
version="$(cat "$here/swagger-ui/VERSION")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "swagger-ui-dist@$version" >/dev/null && tar xzf "swagger-ui-dist-$version.tgz")
for file in swagger-ui-bundle.js swagger-ui-standalone-preset.js swagger-ui.css LICENSE NOTICE; do
    cp "$work/package/$file" "$here/swagger-ui/$file"
done
echo "swagger-ui-dist $version copied into $here/swagger-ui/"
