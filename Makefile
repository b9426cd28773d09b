# The two README commands: `make demo` and `make test`. Everything is installed into .venv from
# pyproject.toml (PyPI) and Cargo.toml (crates.io); the extension is built in release mode.

VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.ludorum-deps
RUST   := $(shell find rust -name '*.rs' -o -name Cargo.toml) Cargo.toml
EXT    := $(VENV)/.ludorum-ext
ENGINE := target/release/ludorum-engine

.PHONY: demo test test-clients bench lint fmt build clean browser

demo: $(EXT)
	$(VENV)/bin/ludorum demo

test: $(EXT) $(ENGINE) browser
	cargo test -p ludorum --release
	$(PY) -m pytest -q
	$(VENV)/bin/ruff check python tests benches
	$(VENV)/bin/ruff format --check python tests benches

# The recipes of docs/rl.md with the learning libraries that need torch (the extra `clients`:
# Stable-Baselines3, sb3-contrib, Tianshou; torch is too large for `make test`, which checks the
# duck-typed parts, action_masks(), seeding and spaces, without them).
CLIENTS := $(VENV)/.ludorum-clients
$(CLIENTS): pyproject.toml | $(PY)
	$(PY) -c "import tomllib; t = tomllib.load(open('pyproject.toml', 'rb')); \
	print('\n'.join(d for d in t['project']['optional-dependencies']['clients'] \
	if not d.startswith('ludorum')))" > $(VENV)/clients.txt
	$(PY) -m pip install --quiet -r $(VENV)/clients.txt
	touch $@

test-clients: $(EXT) $(CLIENTS)
	$(PY) -m pytest -q tests/test_clients.py tests/test_docs_snippets.py -k "clients or rl.md"

bench: $(EXT)
	$(VENV)/bin/ludorum bench
	$(PY) -m pytest benches --benchmark-enable -q
	cargo bench -p ludorum --bench engine -- --quick

# The games' modules are declared by a macro (games/mod.rs), which cargo fmt does not follow:
# rustfmt is also given every Rust file by name.
RUST_FILES = $(shell find rust -name '*.rs' -not -path '*/target/*')

lint: $(EXT)
	cargo fmt --all -- --check
	rustfmt --edition 2021 --check $(RUST_FILES)
	cargo clippy --workspace --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps
	$(VENV)/bin/ruff check python tests benches
	$(VENV)/bin/ruff format --check python tests benches
	$(VENV)/bin/mypy --strict python/ludorum

fmt: $(STAMP)
	cargo fmt --all
	rustfmt --edition 2021 $(RUST_FILES)
	$(VENV)/bin/ruff format python tests benches
	$(VENV)/bin/ruff check --fix python tests benches

build: $(EXT) $(ENGINE)

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# The dependencies (build, runtime and dev) come from pyproject.toml; the package itself is
# installed by maturin below, so that a Rust change rebuilds only the extension.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -c "import tomllib; t = tomllib.load(open('pyproject.toml', 'rb')); p = t['project']; \
	print('\n'.join(t['build-system']['requires'] + p['dependencies'] \
	+ p['optional-dependencies']['dev']))" > $(VENV)/requirements.txt
	$(PY) -m pip install --quiet -r $(VENV)/requirements.txt
	touch $@

# The extension is abi3 (_ludorum.abi3.so); an older per-version build beside it
# (_ludorum.cpython-3XX-*.so) would be imported first, so it goes.
$(EXT): $(STAMP) $(RUST) pyproject.toml
	rm -f python/ludorum/_ludorum.cpython-*.so
	VIRTUAL_ENV=$(abspath $(VENV)) PATH=$(abspath $(VENV))/bin:$$PATH \
	  $(VENV)/bin/maturin develop --release --quiet
	touch $@

# Debian's Chromium for the web page's browser tests (Playwright drives it; its own browser
# download cannot work here). Without root or apt the tests say they are skipped.
browser:
	@if command -v chromium-headless-shell >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  (apt-get update -q && apt-get install -y -q chromium-headless-shell) >/dev/null \
	  || echo "make: could not install chromium-headless-shell: browser tests will be skipped"; \
	else echo "make: no chromium-headless-shell (needs root and apt): browser tests will be skipped"; fi

# The engine protocol's standalone binary (no Python), which tests/protocol/client.mjs drives.
$(ENGINE): $(RUST)
	cargo build --release -p ludorum --bin ludorum-engine

clean:
	rm -rf $(VENV) target
