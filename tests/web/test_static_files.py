"""Static files at addresses that name their bytes (``referee.web.base.static_files``): a
page names each file with the digest of its bytes, a phone keeps a file asked for at that
address for a year without asking again, and any other address of it is asked again each
time, so a changed file is never an old copy."""

from __future__ import annotations

import hashlib
import re

import pytest

from referee.files import CHECKOUT as PROJECT
from referee.web.base.static_files import YEAR, digests_of
from tests.tiny_game import SLUG

STATIC = PROJECT / "static"
LINKED = re.compile(r'(?:href|src)="/static/([^"?]+)\?v=([0-9a-f]+)"')


def digest(name: str) -> str:
    """The first 12 hex digits of the SHA-256 of a static file's bytes."""
    return hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12]


def fetched(client, url: str, **kwargs):
    """The answer to ``url``, its file closed (a static file is streamed from an open file)."""
    response = client.get(url, **kwargs)
    response.close()
    return response


def test_every_static_file_a_table_page_links_names_its_bytes(client, stored, tiny_log):
    (token,) = stored(tiny_log(("Ann", "Bo"), "bust"))
    pages = [client.get(url).text for url in ("/", f"/t/{token}", f"/games/{SLUG}")]
    linked = {name: version for page in pages for name, version in LINKED.findall(page)}
    assert {"css/app.css", "js/live.js", "js/offline.js", "icons/favicon.svg"} <= set(linked)
    assert all(version == digest(name) for name, version in linked.items()), linked
    assert not any(re.search(r'="/static/[^"?]+"', page) for page in pages)  # none unnamed


def test_a_file_at_its_present_address_is_kept_for_a_year(client):
    answer = fetched(client, f"/static/js/live.js?v={digest('js/live.js')}")
    assert answer.status_code == 200
    kept = answer.cache_control
    assert kept.public and kept.immutable and kept.max_age == YEAR and not kept.no_cache
    # The same in every language: nothing in it varies with the phone.
    assert not {"cookie", "accept-language"} & {v.lower() for v in answer.headers.get_all("Vary")}


@pytest.mark.parametrize("query", ["", "?v=000000000000", "?v=", "?v=%00"])
def test_a_file_at_any_other_address_is_asked_again_each_time(client, query):
    answer = fetched(client, f"/static/js/live.js{query}")
    assert answer.status_code == 200
    assert answer.cache_control.no_cache and not answer.cache_control.immutable
    assert not answer.cache_control.max_age


def test_a_changed_file_has_a_new_address(tmp_path):
    (tmp_path / "js").mkdir()
    script = tmp_path / "js" / "a.js"
    script.write_text("var a = 1;")
    first = digests_of(tmp_path)
    assert digests_of(tmp_path) == first  # nothing changed: the same address
    script.write_text("var a = 2;")
    assert digests_of(tmp_path)["js/a.js"] != first["js/a.js"]


def test_a_missing_file_is_a_404_whatever_its_version(client):
    assert fetched(client, "/static/js/none.js?v=123456789abc").status_code == 404
