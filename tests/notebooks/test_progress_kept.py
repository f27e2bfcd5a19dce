"""Re-running a lesson cell shows the same board, with the learner's progress, not a fresh one."""

from rulesdojo.lessons import progress, show
from rulesdojo.views import EnergyCounter


def test_rerunning_a_cell_keeps_the_board_and_the_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    task = show(1, "get-and-pay")
    counter = next(v for v in task.views if isinstance(v, EnergyCounter))
    counter.amount.value = 2
    counter.get_button.click()
    counter.amount.value = 5
    counter.pay_button.click()
    assert "✓ Done." in task.status.text
    again = show(1, "get-and-pay")  # the cell runs again, or the page re-renders it
    assert again is task and again.model.energy_of("Alice") == 2
    assert "1 of 4 steps done" in next(w.text for w in progress(1).children if hasattr(w, "content"))


def test_a_lesson_cells_names_stay_functions_once_every_part_is_loaded():
    import importlib
    import pkgutil

    import rulesdojo.lessons as package
    for part in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"rulesdojo.lessons.{part.name}")
    from rulesdojo.lessons import progress as progress_again, show as show_again
    assert callable(progress_again) and callable(show_again)
