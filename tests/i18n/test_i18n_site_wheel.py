"""The static site's copy of the kit carries the compiled catalogs, and neither their sources nor the
language commands (which need Babel, not in the browser)."""

import zipfile


def test_the_sites_kit_wheel_keeps_the_mo_files_and_leaves_the_po_sources_and_commands_out(tmp_path):
    from rulesdojo.site.wheels import trim, with_lessons, write_wheel
    files = {"rulesdojo-0.1.0.dist-info/METADATA": b"Metadata-Version: 2.1\nName: rulesdojo\nVersion: 0.1.0\n",
             "rulesdojo/i18n/__init__.py": b"LANGUAGES = {}\n",
             "rulesdojo/i18n/content.py": b"PROSE_KEYS = ()\n",
             "rulesdojo/i18n/lint.py": b"import babel\n",
             "rulesdojo/i18n/locale/es/LC_MESSAGES/content.mo": b"\xde\x12\x04\x95",
             "rulesdojo/i18n/locale/interface.pot": b"msgid \"\"\n"}
    kit = write_wheel(tmp_path / "rulesdojo-0.1.0-py3-none-any.whl", files)
    lessons = tmp_path / "lessons"
    (lessons / "locale" / "es").mkdir(parents=True)
    (lessons / "07-landfall.yaml").write_text("title: Landfall\n")
    (lessons / "locale" / "es" / "07-landfall.po").write_text("msgid \"\"\nmsgstr \"\"\n")
    (tmp_path / "site").mkdir()
    names = set(zipfile.ZipFile(trim(with_lessons(kit, lessons), tmp_path / "site", tmp_path / "cache")).namelist())
    assert {"rulesdojo/i18n/__init__.py", "rulesdojo/i18n/content.py", "rulesdojo/notebooks/07-landfall.yaml",
            "rulesdojo/i18n/locale/es/LC_MESSAGES/content.mo"} <= names
    assert not names & {"rulesdojo/i18n/lint.py", "rulesdojo/i18n/locale/interface.pot",
                        "rulesdojo/notebooks/locale/es/07-landfall.po"}

