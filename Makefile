# The two commands of the README. Each one sets up what it needs first.
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test setup clean

$(STAMP): pyproject.toml scripts/setup.sh
	bash scripts/setup.sh

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/lastmessage play --script examples/detectives-win.jsonl --scenes tests/fixtures/scenes

test: $(STAMP)
	$(BIN)/mypy
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .hypothesis
