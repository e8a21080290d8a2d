# photory-tui — the two commands: `make run` and `make test`.
# For development: `make check` (sanitizers) and `make fuzz` (libFuzzer); neither runs in CI.
SHELL := /bin/bash
SWIFT ?= swift
BIN := .build/release/photory-tui
# The Swift toolchain leaves a TemporaryDirectory.* folder in $TMPDIR for each compiler query
# (swiftlang/swift-driver#2049, about ten per build and test run); the tests themselves clean up.
# Builds and test runs here get their own TMPDIR under .build, emptied before and after.
RUN_TMP = $(CURDIR)/.build/tmp/$@
# A test that crashes the suite: only the crashed thread's frames, no registers or image list, so the
# end of a CI log (all a CI page may show) names the crash and its place.
CRASH_REPORT = SWIFT_BACKTRACE=enable=yes,interactive=no,threads=crashed,registers=none,images=none
IN_TMP = rm -rf $(RUN_TMP) && mkdir -p $(RUN_TMP) && TMPDIR=$(RUN_TMP)

.PHONY: deps build run test check check-asan check-tsan fuzz bench clean

deps:
	@bash scripts/install-deps.sh

build: deps
	$(IN_TMP) $(SWIFT) build -c release

## Installs what is needed, builds in release mode and opens the browser.
run: build
	$(BIN) $(ARGS)

## Installs what is needed and runs every test.
test: deps
	$(IN_TMP) $(SWIFT) build --build-tests
	$(IN_TMP) $(CRASH_REPORT) timeout 1500 $(SWIFT) test --skip-build   # the suite takes minutes; never hang CI
	rm -rf $(RUN_TMP)

## Runs the suite under AddressSanitizer, then the threaded suites under ThreadSanitizer.
check: check-asan check-tsan

# swiftc has no -sanitize=undefined on Linux ("unsupported option"); Swift code traps on overflow
# and out-of-bounds access in every build anyway, and the C in our module-map shims gets clang's
# UBSan (its handlers are in the ASan runtime). EndToEndTests run the ASan-built binary too, with
# these same options and suppressions (Sandbox.environment hands the *SAN_OPTIONS on).
check-asan: deps
	$(IN_TMP) $(SWIFT) build --build-tests --scratch-path .build-asan --sanitize=address \
	  -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
	$(IN_TMP) SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt:print_suppressions=0 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  timeout 3600 $(SWIFT) test --skip-build --scratch-path .build-asan
	rm -rf $(RUN_TMP)

# The parts that run on several threads: the job scheduler and its queues (previews, originals,
# folder trees and the search index), the browser's saver, import workers, thumbnail store,
# library store and lock, the segmented JSON reader, and the decoders and metadata readers
# called from many threads at once.
TSAN_SUITES := JobSchedulerTests|DerivedBuildsTests|EditSaverTests|OriginalQueueTests|PreviewLoaderTests|ImporterTests|ImportMetadataTests|ThumbnailStoreTests|LibraryStoreTests|LibraryJournalTests|JournalNewsTests|LibraryCopyTests|SaverAndFollowerTests|LibraryJSONTests|SegmentedReadTests|ChafaRendererTests|ImagingDecoderTests|MetadataFrameAndHostileInputTests
check-tsan: deps
	$(IN_TMP) $(SWIFT) build --build-tests --scratch-path .build-tsan --sanitize=thread
	$(IN_TMP) SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
	  timeout 3600 $(SWIFT) test --skip-build --scratch-path .build-tsan --filter '$(TSAN_SUITES)'
	rm -rf $(RUN_TMP)

## Builds the libFuzzer driver and runs every fuzz target for FUZZ_SECONDS (default 60) each;
## FUZZ_TARGETS picks some (jpeg metadata library-json keys toml feed media images). See scripts/fuzz.sh.
fuzz: deps
	$(IN_TMP) FUZZ_SECONDS=$(or $(FUZZ_SECONDS),60) bash scripts/fuzz.sh $(FUZZ_TARGETS)
	rm -rf $(RUN_TMP)

## Prints speed and memory figures (release build).
bench: build
	$(BIN) bench $(or $(PHOTOS),../shared/photos/real)

clean:
	rm -rf .build .build-asan .build-tsan .build-fuzz
