# Two commands on a fresh machine: `make run` and `make test`.
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
FLASK  := $(VENV)/bin/flask --app referee.web

.PHONY: install run db test bench lint system clean odds-table solitaire-table

$(STAMP): pyproject.toml
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,dev,postgres]'
	@touch $(STAMP)

install: $(STAMP)

# System packages the browser tests and PDF checks need (Debian chromium, poppler-utils).
system:
	@bash .ci/system-packages

# Create or upgrade the schema, then load the example games into an empty database.
db: install
	$(FLASK) db upgrade
	$(VENV)/bin/referee seed seeds

run: db
	$(PY) -m referee.serve

test: install system
	$(VENV)/bin/pytest -q -p no:cacheprovider

bench: install
	$(PY) -m bench

# 10K's two-player win table, shipped as referee/games/data/tenk_win_2p.bin, and Solitaire
# Dice's final marks under its policy, referee/games/data/solitaire_q.bin (see docs/odds.md).
odds-table: install solitaire-table
	$(PY) -c 'import sys; from referee.games.tenk_winning_build import main; sys.exit(main())'

solitaire-table: install
	$(PY) -c 'import sys; from referee.games.solitaire_odds_build import main; sys.exit(main())'

lint: install
	$(VENV)/bin/ruff check referee printables tests bench
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
