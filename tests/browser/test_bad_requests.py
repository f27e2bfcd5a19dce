"""Requests a hostile visitor sends get a plain 4xx, the log keeps no secret, and the identity header
counts only when the proxy sent it once."""

from __future__ import annotations

import time

import nbformat
import pytest
from served import read_page

from rulesdojo.serve.identity import Source
from rulesdojo.serve.serving import identity_args

TOKEN = "the-mentors-token-for-this-test"
DEADLINE = 120


@pytest.fixture
def site(tmp_path):
    folder = tmp_path / "site"
    folder.mkdir()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import os\nprint('who:', os.environ.get('HTTP_X_FORWARDED_USER'))")])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(nb, str(folder / "index.ipynb"))
    return folder


@pytest.mark.parametrize("path, status", [
    ("logout", 404),
    ("voila/templates/rulesdojo/conf.json", 404),
    ("voila/templates/lab/static/", 404),
    ("voila/files/index.ipynb%00.png", 400),
    ("voila/render/index%00.ipynb", 400),
])
def test_a_path_naming_nothing_gets_a_4xx_and_the_log_no_traceback_nor_token(site, voila_processes, path,
                                                                              status):
    server, url = voila_processes(site, {}, extra_args=[f"--Voila.token={TOKEN}"])  # as the mentors' server
    for query in ("", f"?token={TOKEN}"):
        page = read_page(url + path + query, DEADLINE)
        assert (page.status, page.ended) == (status, True) and "Traceback" not in page.text
    assert read_page(url + f"voila/render/index.ipynb?token={TOKEN}", DEADLINE).status == 200
    server.terminate()
    server.wait(timeout=60)
    log = server.log.read_text()
    assert f" {status} GET /{path}" in log and "token=[secret]" in log
    assert "Traceback" not in log and TOKEN not in log


def test_a_repeated_identity_header_is_refused(site, voila_processes):
    _, url = voila_processes(site, {}, extra_args=identity_args(Source("header", "X-Forwarded-User")))
    page = read_page(url + "voila/render/index.ipynb", DEADLINE, headers=[("X-Forwarded-User", "victim")])
    assert page.status == 200 and page.ended and "who: victim" in page.text
    page = read_page(url + "voila/render/index.ipynb", DEADLINE,
                     headers=[("X-Forwarded-User", "victim"), ("X-Forwarded-User", "mallory")])
    assert (page.status, page.ended) == (400, True) and "came more than once" in page.text
    assert "mallory" not in page.text


def test_the_mentors_token_is_read_from_a_file_and_guards_the_folder_s_files_too(site, voila_processes):
    """N4 and N10: the token is on no command line, and ``/voila/files/`` wants it like the pages."""
    from rulesdojo.serve.serving import mentor_args, token_file
    (site / "board.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    server, url = voila_processes(site, {}, extra_args=mentor_args(site, token_file(TOKEN))[-1:])
    assert not any(TOKEN in arg for arg in server.args)  # what `ps` shows any account
    assert read_page(url + "voila/render/index.ipynb", DEADLINE).status in (302, 403)
    assert read_page(url + f"voila/render/index.ipynb?token={TOKEN}", DEADLINE).status == 200
    assert read_page(url + "voila/files/board.png", DEADLINE).status in (302, 403)
    assert read_page(url + f"voila/files/board.png?token={TOKEN}", DEADLINE).status == 200
    page = read_page(url + f"voila/files/index.ipynb?token={TOKEN}", DEADLINE)  # denied: a plain 403
    assert (page.status, page.text) == (403, "403 Forbidden\n")
    # Wrong guesses sent at once are answered one at a time, a pause each.
    from concurrent.futures import ThreadPoolExecutor

    from rulesdojo.serve.voila_handlers import WRONG_TOKEN_PAUSE
    guesses = 3
    started = time.monotonic()
    with ThreadPoolExecutor(guesses) as pool:
        answers = list(pool.map(lambda n: read_page(url + f"voila/files/board.png?token=guess-{n}", DEADLINE),
                                range(guesses)))
    took = time.monotonic() - started
    print(f"{guesses} wrong guesses at once answered in {took:.1f} s")
    assert {a.status for a in answers} <= {302, 403} and took >= guesses * WRONG_TOKEN_PAUSE - 0.1
