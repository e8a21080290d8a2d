# photory-tui — the two commands: `make run` and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
BIN := .build/release/photory-tui

.PHONY: deps build run test bench clean

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release

## Installs what is needed, builds in release mode and opens the browser.
run: build
	$(BIN) $(ARGS)

## Installs what is needed and runs every test.
test: deps
	$(SWIFT) build --build-tests
	timeout 1500 $(SWIFT) test --skip-build   # the suite takes well under a minute; never hang CI

## Prints speed and memory figures (release build).
bench: build
	$(BIN) bench $(or $(PHOTOS),../shared/photos/real)

clean:
	rm -rf .build
