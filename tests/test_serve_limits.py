"""``rulesdojo serve``'s limits reach the Voila it starts, and only as given."""

import rulesdojo.serve.serving as serving
from rulesdojo.cli import main as rulesdojo


def voila_command(monkeypatch, *options) -> list[str]:
    """Return the command ``rulesdojo serve OPTIONS`` would run, without running it."""
    ran = []
    monkeypatch.setattr(serving, "run_until_stopped", lambda args, cwd, env, **_: ran.append(args) or 0)
    assert rulesdojo(["serve", *options]) == 0
    return ran[0]


def test_busy_limit_is_handed_to_the_page_connections(monkeypatch):
    assert "--PacedConnection.busy_limit=5.0" in voila_command(monkeypatch, "--busy-limit", "5")
    assert not [a for a in voila_command(monkeypatch) if "busy_limit" in a]  # the kit's default applies


def test_the_kernel_cap_is_what_the_memory_holds_at_a_measured_kernel_with_a_margin():
    GB, MB = serving.GB, serving.MB
    # 3/4 of 24 GB at 1.5 x 56 MB a kernel is 219 kernels; those waiting in pools are not pages.
    assert serving.default_max_kernels(pooled=0, memory=24 * GB, kernel=56 * MB) == 219
    assert serving.default_max_kernels(pooled=61, memory=24 * GB, kernel=56 * MB) == 219 - 61
    assert serving.default_max_kernels(pooled=0, memory=48 * GB, kernel=56 * MB) == 438
    assert serving.default_max_kernels(pooled=0, memory=24 * GB, kernel=112 * MB) == 109
    assert serving.default_max_kernels(pooled=61, memory=4 * GB, kernel=56 * MB) == 1  # never none


def test_serve_says_how_it_sized_the_kernel_cap(monkeypatch, capsys):
    monkeypatch.setattr(serving, "machine_memory", lambda: 24 * serving.GB)
    notebooks = len(list(serving.lessons_folder().glob("*.ipynb")))
    command = voila_command(monkeypatch, "--class", "--lesson", "07-landfall.ipynb", "--learners", "30")
    pool = serving.CLASS_POOL_SIZE
    pooled = pool * notebooks + 30 - pool  # a class's pool for each notebook, 30 for the lesson
    cap = 219 - pooled
    assert f"--DojoKernelManager.max_kernels={cap}" in command
    said = capsys.readouterr().out
    assert (f"at most {cap} pages with a kernel at once: 3/4 of 24.0 GB memory at 84 MB a kernel "
            f"(56 MB measured, x1.5), less {pooled} preheated pages") in said
    assert "fewer than the 30 learners" not in said


def test_serve_warns_when_the_memory_holds_fewer_pages_than_learners(monkeypatch, capsys):
    monkeypatch.setattr(serving, "machine_memory", lambda: 8 * serving.GB)
    voila_command(monkeypatch, "--class", "--lesson", "07-landfall.ipynb", "--learners", "60")
    assert "fewer than the 60 learners can have a page: give --max-kernels 60" in capsys.readouterr().out


def test_a_given_kernel_cap_is_used_as_given(monkeypatch, capsys):
    assert "--DojoKernelManager.max_kernels=7" in voila_command(monkeypatch, "--max-kernels", "7")
    assert "pages with a kernel at once" not in capsys.readouterr().out


def test_voila_is_pointed_at_the_kits_page_templates():
    """The served pages' templates (the kit's own, and its page for a render cut short) are where the
    server's environment says."""
    import os
    from pathlib import Path
    share = Path(serving.voila_env({})["JUPYTER_PATH"].split(os.pathsep)[0])
    assert (share / "voila" / "templates" / "rulesdojo" / "conf.json").is_file()
