"""The hub's configuration and a learner's server under it: what `rulesdojo hub` writes, what
`rulesdojo serve --hub` refuses without a hub."""

from __future__ import annotations

import doctest
import sys

import pytest

import rulesdojo.serve.hub as hub
from rulesdojo.cli import main as rulesdojo
from rulesdojo.serve.hub import HubError, Place


def test_docstring_examples():
    assert doctest.testmod(hub).failed == 0


class Config:
    """Enough of traitlets' config object to read what a configuration file sets."""

    def __init__(self):
        self.__dict__["sections"] = {}

    def __getattr__(self, name):
        return self.sections.setdefault(name, type("Section", (), {})())


def run_config(text: str) -> Config:
    c = Config()
    exec(compile(text, "jupyterhub_config.py", "exec"), {"get_config": lambda: c})
    return c


def test_the_config_spawns_the_kit_for_each_learner_and_shares_one_results_file(tmp_path, capsys):
    results = tmp_path / "results.sqlite3"
    assert rulesdojo(["hub", "--config", "--results", str(results), "--mentor-port", "9999"]) == 0
    c = run_config(capsys.readouterr().out)
    assert c.Spawner.cmd == [sys.executable, "-m", "rulesdojo", "serve", "--hub"]
    assert c.Spawner.environment == {"RULESDOJO_RESULTS": str(results)}
    (mentors,) = c.JupyterHub.services
    assert mentors["url"] == "http://127.0.0.1:9999" and mentors["environment"] == c.Spawner.environment
    assert c.JupyterHub.load_roles == [{"name": "mentors", "groups": ["mentors"],
                                        "scopes": [f"access:services!service={mentors['name']}"]}]


def test_without_a_mentors_group_there_is_no_mentors_service(tmp_path):
    target = tmp_path / "jupyterhub_config.py"
    assert rulesdojo(["hub", "--config", str(target), "--mentors", ""]) == 0
    c = run_config(target.read_text())
    assert not hasattr(c.JupyterHub, "services") and c.Spawner.environment == {}


def test_a_config_that_cant_be_written_is_named(tmp_path, capsys):
    assert rulesdojo(["hub", "--config", str(tmp_path / "missing" / "jupyterhub_config.py")]) == 1
    err = capsys.readouterr().err
    assert "can't write" in err and "missing" in err and "Traceback" not in err


def test_serve_hub_outside_a_hub_says_what_is_missing_and_starts_nothing(monkeypatch, capsys):
    for name in ("JUPYTERHUB_SERVICE_URL", "JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_API_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(SystemExit) as stop:
        rulesdojo(["serve", "--hub"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "JUPYTERHUB_SERVICE_URL" in err and "Traceback" not in err


def test_serve_hub_takes_the_learner_from_the_hub_only(capsys):
    with pytest.raises(SystemExit):
        rulesdojo(["serve", "--hub", "--user-header", "X-Forwarded-User"])
    assert "no --user-header or --identity" in capsys.readouterr().err


def test_a_service_url_without_a_port_is_refused():
    with pytest.raises(HubError, match="names no port"):
        Place.from_env({"JUPYTERHUB_SERVICE_URL": "http://127.0.0.1/user/ana/",
                        "JUPYTERHUB_SERVICE_PREFIX": "/user/ana/", "JUPYTERHUB_API_TOKEN": "t"})


@pytest.mark.parametrize("authenticator", ["dummy", "shared-password", "jupyterhub.auth.DummyAuthenticator",
                                           "jupyterhub.authenticators.shared.SharedPasswordAuthenticator"])
def test_one_password_for_every_name_is_refused_with_a_mentors_group(tmp_path, capsys, authenticator):
    target = tmp_path / "jupyterhub_config.py"
    assert rulesdojo(["hub", "--config", str(target), "--authenticator", authenticator]) == 2
    err = capsys.readouterr().err
    assert "takes one password for every name" in err and "mentors' group \"mentors\"" in err
    assert "--mentors ''" in err and "Traceback" not in err and not target.exists()
    assert rulesdojo(["hub", "--config", str(target), "--authenticator", authenticator, "--mentors", ""]) == 0


def test_the_dummy_authenticator_has_no_mentors_password_to_give(capsys):
    assert rulesdojo(["hub", "--config", "--authenticator", "dummy", "--mentors-password-env", "M"]) == 2
    assert "takes one password for every name" in capsys.readouterr().err


def test_with_the_class_password_mentors_sign_in_with_their_own_and_a_typed_name_makes_no_mentor(
        tmp_path, capsys, monkeypatch):
    assert rulesdojo(["hub", "--config", "--authenticator", "shared-password",
                      "--mentors-password-env", "RULESDOJO_MENTORS_PASSWORD"]) == 0
    text = capsys.readouterr().out
    monkeypatch.delenv("RULESDOJO_MENTORS_PASSWORD", raising=False)
    with pytest.raises(SystemExit, match="set RULESDOJO_MENTORS_PASSWORD to the mentors' own password"):
        run_config(text)                                   # the hub won't start without it
    monkeypatch.setenv("RULESDOJO_MENTORS_PASSWORD", "mentors-only")
    c = run_config(text)
    assert c.JupyterHub.authenticator_class == "shared-password"
    assert c.SharedPasswordAuthenticator.password_groups == {"mentors-only": ["mentors"]}
    assert c.SharedPasswordAuthenticator.manage_groups is True  # the class password takes one out again
    assert not hasattr(c.JupyterHub, "load_groups")             # no member by name alone
    assert c.JupyterHub.load_roles[0]["groups"] == ["mentors"]


def test_another_authenticator_keeps_members_by_name(capsys):
    assert rulesdojo(["hub", "--config", "--authenticator", "oauthenticator.GitHubOAuthenticator"]) == 0
    c = run_config(capsys.readouterr().out)
    assert c.JupyterHub.authenticator_class == "oauthenticator.GitHubOAuthenticator"
    assert c.JupyterHub.load_groups == {"mentors": {"users": []}}


class _Group:
    def __init__(self, name):
        self.name = name


class _Handler:
    """What the hook asks of the hub's login handler: a user by name, with their groups."""

    def __init__(self, members):
        self.members = members

    def find_user(self, name):
        return type("User", (), {"name": name, "groups": [_Group("mentors")]})() if name in self.members else None


def _authenticator(class_name, manage_groups=False):
    import logging
    return type(class_name, (), {"manage_groups": manage_groups, "log": logging.getLogger("hub")})()


def test_the_hub_refuses_a_mentor_by_the_class_password_when_rulesdojo_hub_could_not_check(capsys):
    assert rulesdojo(["hub", "--config"]) == 0          # no --authenticator: set on jupyterhub's command line
    hook = run_config(capsys.readouterr().out).Authenticator.post_auth_hook
    handler, mia, ana = _Handler({"mia"}), {"name": "mia"}, {"name": "ana"}
    for one_password in ("SharedPasswordAuthenticator", "DummyAuthenticator"):
        assert hook(_authenticator(one_password), handler, mia) is None       # refused
        assert hook(_authenticator(one_password), handler, ana) == ana        # a learner signs in
    assert hook(_authenticator("SharedPasswordAuthenticator", manage_groups=True), handler, mia) == mia
    assert hook(_authenticator("GitHubOAuthenticator"), handler, mia) == mia


def test_the_config_lets_in_whom_the_authenticator_signs_in_or_only_those_named(capsys):
    """JupyterHub 5 and later admit nobody unless the config says whom: the file written says it."""
    assert rulesdojo(["hub", "--config", "--authenticator", "oauthenticator.GitHubOAuthenticator"]) == 0
    c = run_config(capsys.readouterr().out)
    assert c.Authenticator.allow_all is True and not hasattr(c.Authenticator, "allowed_users")
    assert rulesdojo(["hub", "--config", "--allow", "ana, ben,ana"]) == 0
    c = run_config(capsys.readouterr().out)
    assert c.Authenticator.allowed_users == {"ana", "ben"} and not hasattr(c.Authenticator, "allow_all")
