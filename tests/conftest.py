"""Every test starts in English: the tablet's language button (pressed by a test,
or by a random tap of the fuzz tests on the start screen) changes module state."""

from collections.abc import Iterator

import pytest

from lastmessage import i18n


@pytest.fixture(autouse=True)
def english_at_the_start_of_each_test() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")
