# Two commands on a fresh machine: `make run` and `make test`.
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
FLASK  := $(VENV)/bin/flask --app referee.web

.PHONY: install run db test test-fast bench lint system clean odds-table solitaire-table dice-model translations pot

$(STAMP): pyproject.toml
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,dev,postgres,redis]'
	@touch $(STAMP)

install: $(STAMP)

# System packages the tests need (Debian chromium, poppler-utils, postgresql, redis-server,
# haproxy: see .ci/system-packages).
system:
	@bash .ci/system-packages

# Create or upgrade the schema, then load the example games into an empty database.
db: install
	$(FLASK) db upgrade
	$(VENV)/bin/referee seed seeds

# `referee serve` does what `make db` does, then serves (gunicorn, with the settings of the
# README's table); an installed package runs the same command.
run: install
	$(VENV)/bin/referee serve

# The whole suite in parallel: one pytest-xdist worker per core, plus one (the PostgreSQL,
# gunicorn and Chromium tests spend part of their time waiting).  TEST_WORKERS=0: one process.
CORES        := $(shell nproc 2>/dev/null || echo 2)
TEST_WORKERS ?= $(shell echo $$(( $(CORES) + 1 )))
PYTEST       := $(VENV)/bin/pytest -q -p no:cacheprovider -n $(TEST_WORKERS) --dist worksteal
# The tests that time themselves on the wall clock (marked solo) run alone afterwards: among
# the other workers' tests their timings would measure the neighbours.
SOLO         := $(VENV)/bin/pytest -q -p no:cacheprovider -m "solo and not train"

# Python's compiled modules are kept (in __pycache__, ignored by git) even where the
# environment says not to write them (PYTHONDONTWRITEBYTECODE): the suite starts some two
# hundred Python processes (workers, gunicorn servers, the command line), and each would
# compile the app's modules again.
test: export PYTHONDONTWRITEBYTECODE =
test: install system
	$(PYTEST) -m "not solo and not train"
	$(SOLO)

# The edit loop: the rules, the web app and each game's own tests on SQLite, without the
# browser, real-server (race, cluster) and timing (solo) tests, and Hypothesis's quick "dev"
# profile (see tests/conftest.py).
test-fast: install
	HYPOTHESIS_PROFILE=dev $(PYTEST) tests/engine tests/web tests/games -m "not race and not cluster and not browser and not solo and not install and not train" -k "not postgresql"

# The catalogues (docs/translating.md): every marked message extracted into
# referee/translations/messages.pot, each language's messages.po brought up to date with it
# (a new message untranslated, a changed one marked fuzzy for its translator), and every .po
# compiled into the messages.mo the app reads (committed, so the wheel ships them).  A new
# language: `$(VENV)/bin/pybabel init -i $(CATALOGUE)/messages.pot -d $(CATALOGUE) -l xx`.
# `make pot POT=<file>` extracts alone (tests/test_catalogues.py checks the committed one).
# No locations: a message's place would name a game's files in shared files (test_shared_code).
CATALOGUE := referee/translations
POT       ?= $(CATALOGUE)/messages.pot
PYBABEL   ?= $(VENV)/bin/pybabel

pot:
	$(PYBABEL) --quiet extract -F babel.cfg -k say -k say_n:1,2 -k plural_forms:1,2 --sort-by-file --no-location \
		--omit-header --width 100 -o $(POT) .

translations: install pot
	$(PYBABEL) update -i $(CATALOGUE)/messages.pot -d $(CATALOGUE) --width 100 \
		--ignore-obsolete
	$(PYBABEL) compile --statistics -d $(CATALOGUE)

# The real labelled photos the reader trains on and is measured on (docs/vision.md): a folder
# of sources, each with images/ and labels/.  Not in the repository (their licences travel
# with them), so there is no default: `make dice-model REAL_PHOTOS=<folder>` needs them, and
# `make bench` measures on the held-out part of them when given, else on the few photos
# shipped in tests/vision/real/.  HOLD_OUT=<source> trains on the other sources' photos and
# measures on all of that one's (leave one source out; run it in a copy of the tree: it
# replaces the shipped models).
REAL_PHOTOS ?=
HOLD_OUT ?=

bench: install
	REFEREE_REAL_PHOTOS=$(REAL_PHOTOS) $(PY) -m bench

# 10K's two-player win table, shipped as referee/games/tenk/data/win_2p.bin, and Solitaire
# Dice's final marks under its policy, referee/games/solitaire/data/q.bin (see docs/odds.md).
odds-table: install solitaire-table
	$(PY) -c 'import sys; from referee.games.tenk.build import main; sys.exit(main())'

solitaire-table: install
	$(PY) -c 'import sys; from referee.games.solitaire.build import main; sys.exit(main())'

# The die finder and the dice classifier, shipped as referee/vision/model/detect.onnx and
# dice.onnx: renders training photos (in memory, never stored), trains both on the CPU (about
# 28 minutes in all), exports them, and writes the held-out figures (and the second
# renderer's) to docs/vision.md.  Needs the train extra (PyTorch's CPU build).
dice-model: install
	@test -n "$(REAL_PHOTOS)" || { echo "make dice-model needs REAL_PHOTOS=<folder of labelled real photos>"; exit 1; }
	$(PY) -m pip install --quiet -e '.[train]'
	$(VENV)/bin/pytest -q -p no:cacheprovider -n 0 -m train tests/vision
	nice -n 19 $(PY) -m referee.vision.training --real $(REAL_PHOTOS) $(if $(HOLD_OUT),--hold-out $(HOLD_OUT))

# ruff, mypy, and import-linter holding the layers of docs/architecture.md (pyproject.toml's
# [tool.importlinter]; tests/test_layers.py checks them in `make test` too).
lint: install
	$(VENV)/bin/ruff check referee printables tests bench
	$(VENV)/bin/ruff format --check referee printables tests bench
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
