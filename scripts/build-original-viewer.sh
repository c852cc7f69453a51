#!/usr/bin/env bash
# Builds the original code-galaxies viewer (anvaka/pm with its renderer anvaka/unrender, both MIT)
# as a benchmark baseline only: `ORIGINAL_VIEWER_DIR=<output folder> npm run bench firstframe farframes`
# opens it on classic npm beside ours (first star frame; frame intervals at a far camera). Nothing of it enters this repository.
#
#   scripts/build-original-viewer.sh <pm checkout> <unrender checkout> <output folder>
#
# Its own 2015 toolchain (webpack 1, babel 5) is not used: its unchanged sources are
# bundled with esbuild (classic JSX transform, React.createElement as babel 5 emitted; its .less
# imports left out of the bundle and compiled to styles.css by lessc, as its ExtractTextPlugin did),
# with its dependencies from the npm registry at the ranges its package.json asks for (unrender's
# git dependency yaot is on npm at the same 1.1.3). The one change to its sources: src/config.js's
# dataUrl, '//anvaka.github.io/galactic-data/', becomes '/galactic-data/' (same origin), where the
# bench serves the shared galaxies in the original's wire format. Its index.html is copied as is
# (the bench refuses its requests to other hosts: Google Fonts, analytics).
#
# Output: index.html, app.js, styles.css, fonts/ in <output folder>; npm installs into
# <output folder>/.work (delete it after, or keep it to rebuild faster).
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 <pm checkout> <unrender checkout> <output folder>" >&2
  exit 2
fi
pm=$(cd "$1" && pwd)
unrender=$(cd "$2" && pwd)
mkdir -p "$3"
out=$(cd "$3" && pwd)
for need in "$pm/src/main.jsx" "$pm/src/config.js" "$unrender/index.js"; do
  [ -f "$need" ] || { echo "missing $need: is that a checkout of anvaka/pm and anvaka/unrender?" >&2; exit 2; }
done
work="$out/.work"
mkdir -p "$work"

# pm's runtime dependencies and unrender's (without the webpack toolchain), plus the bundler.
cat > "$work/package.json" <<'JSON'
{
  "name": "original-pm-baseline-build",
  "private": true,
  "dependencies": {
    "bluebird": "^2.9.25",
    "bootstrap": "^3.3.4",
    "history": "^1.17.0",
    "keymirror": "^0.1.1",
    "maco": "^2.0.3",
    "ngraph.events": "0.0.3",
    "qs": "^4.0.0",
    "rafor": "^1.0.2",
    "react": "^0.14.5",
    "react-bootstrap": "^0.28.1",
    "react-dom": "^0.14.5",
    "react-list": "^0.7.10",
    "react-router": "^1.0.3",
    "three.orientation": "^1.1.0",
    "webgl-enabled": "^1.0.3",
    "three": "^0.71.0",
    "three.fly": "^0.1.6",
    "tween.js": "^0.14.0",
    "yaot": "1.1.3",
    "less": "^2.5.0",
    "esbuild": "0.25.0"
  }
}
JSON
(cd "$work" && npm install --no-audit --no-fund --loglevel=error)

# unrender is a git dependency: copied in after the install (npm would prune it as extraneous).
rm -rf "$work/node_modules/unrender" "$work/src"
cp -R "$unrender" "$work/node_modules/unrender"
cp -R "$pm/src" "$work/src"
sed -i "s#dataUrl: '[^']*'#dataUrl: '/galactic-data/'#" "$work/src/config.js"
grep -q "dataUrl: '/galactic-data/'" "$work/src/config.js" || { echo "could not set dataUrl in src/config.js" >&2; exit 1; }

# The less imports bootstrap as webpack's "~bootstrap/..."; lessc finds it through a folder named "~bootstrap".
mkdir -p "$work/less-modules"
ln -sfn "$work/node_modules/bootstrap" "$work/less-modules/~bootstrap"
"$work/node_modules/.bin/lessc" --include-path="$work/less-modules" "$work/src/styles/main.less" "$out/styles.css"

"$work/node_modules/.bin/esbuild" "$work/src/main.jsx" --bundle --minify --loader:.js=jsx --loader:.less=empty \
  --jsx=transform --resolve-extensions=.js,.jsx --define:process.env.NODE_ENV='"production"' \
  --define:global=window --log-level=warning --outfile="$out/app.js"
cp "$pm/src/index.html" "$out/index.html"
rm -rf "$out/fonts" && cp -R "$work/node_modules/bootstrap/fonts" "$out/fonts"
echo "original viewer built in $out"
