"""Serve the kit under JupyterHub: each learner's own server is the kit's Voila, behind the hub's login.

``rulesdojo hub --config`` writes a ``jupyterhub_config.py`` whose spawner starts, for each learner,
``rulesdojo serve --hub``: the kit's Voila on the lessons at the address and URL prefix the hub
hands over (``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX``), letting in only whom the hub
allows on that server (JupyterHub's own OAuth identity provider for Jupyter servers), and recording
answers under the hub's user name (``JUPYTERHUB_USER``, set by the spawner, never by a browser).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

# JupyterHub's sign-in for Jupyter servers (what ``jupyterhub-singleuser`` uses), given to Voila.
IDENTITY_PROVIDER = "rulesdojo.serve.hub_signin.HubIdentityProvider"
AUTHORIZER = "jupyterhub.singleuser.extension.JupyterHubAuthorizer"
# A learner's pages with a kernel at once (lesson, quiz, a few tabs); closed pages' kernels are culled.
LEARNER_PAGES = 6
MENTOR_SERVICE = "rulesdojo-mentor"


# Authenticators that take one password for every name: whoever has it signs in as anyone.
ONE_PASSWORD = {"dummy": "dummy", "dummyauthenticator": "dummy", "shared-password": "shared-password",
                "sharedpasswordauthenticator": "shared-password"}


class HubError(ValueError):
    """Report a server started as a hub's without what the hub's spawner sets, or a hub set up unsafely."""


@dataclass(frozen=True)
class Place:
    """Where the hub wants a learner's server: the address and port it listens on, its URL prefix.

    >>> Place.from_env({"JUPYTERHUB_SERVICE_URL": "http://127.0.0.1:41234/user/ana/",
    ...                 "JUPYTERHUB_SERVICE_PREFIX": "/user/ana/", "JUPYTERHUB_API_TOKEN": "t"})
    Place(host='127.0.0.1', port=41234, prefix='/user/ana/')
    """

    host: str
    port: int
    prefix: str

    @classmethod
    def from_env(cls, env=None) -> "Place":
        """Read the place from the spawner's variables; raise ``HubError`` naming what is missing."""
        env = os.environ if env is None else env
        missing = [name for name in ("JUPYTERHUB_SERVICE_URL", "JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_API_TOKEN")
                   if not env.get(name)]
        if missing:
            raise HubError(f"--hub is the command JupyterHub's spawner runs; {', '.join(missing)} "
                           "not set (start it from the hub: rulesdojo hub --config)")
        url = urlsplit(env["JUPYTERHUB_SERVICE_URL"])
        if not url.port:
            raise HubError(f"JUPYTERHUB_SERVICE_URL {env['JUPYTERHUB_SERVICE_URL']!r} names no port")
        return cls(url.hostname or "127.0.0.1", url.port, env["JUPYTERHUB_SERVICE_PREFIX"])

    def voila_args(self) -> list[str]:
        """Return the Voila options that serve under the prefix and admit only whom the hub allows.

        >>> Place("127.0.0.1", 9000, "/user/ana/").voila_args()[0]
        '--Voila.base_url=/user/ana/'
        """
        return [f"--Voila.base_url={self.prefix}",
                f"--Voila.identity_provider_class={IDENTITY_PROVIDER}",
                f"--Voila.authorizer_class={AUTHORIZER}"]


CONFIG = '''\
# JupyterHub configuration for Rules Dojo, written by `rulesdojo hub --config`.
# Each learner signs in to the hub and gets a server of their own: the kit's Voila on the lessons
# (`rulesdojo serve --hub`), which admits only that learner (the hub's OAuth) and records answers
# under the hub's user name. Start it with `jupyterhub -f jupyterhub_config.py`; JupyterHub needs
# configurable-http-proxy on its PATH (npm install -g configurable-http-proxy). docs/deploy.md.
import sys

c = get_config()  # noqa: F821 - JupyterHub provides it

# Learners are not Unix users: every server runs as the hub's own user, each in a folder of its own.
# The pages run no code from the browser, so one Unix user for all is safe here.
c.JupyterHub.spawner_class = "simple"
c.Spawner.cmd = [sys.executable, "-m", "rulesdojo", "serve", "--hub"]
c.Spawner.environment = {environment}
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 60

# Sign-in: the authenticator your site uses (OAuthenticator, LDAPAuthenticator, NativeAuthenticator...),
# given to `rulesdojo hub --authenticator` so that it can refuse one that lets a learner in as a mentor.
{authenticator}
# Who may sign in: JupyterHub 5 and later admit nobody the authenticator signs in unless told whom.
{admission}{mentors}'''

MENTORS = '''
# The mentors' server (trainer and exam tools) as a hub service: only members of the hub group
# "{group}" get in, signed in through the hub.
c.JupyterHub.services = [{{
    "name": "{service}",
    "url": "http://127.0.0.1:{port}",
    "command": [sys.executable, "-m", "rulesdojo", "serve", "--mentor", "--hub"],
    "environment": {environment},
    "oauth_no_confirm": True,
    "timeout": 120,  # seconds the hub waits for it at start: Voila's start on a busy machine
}}]
{members}c.JupyterHub.load_roles = [{{"name": "{group}", "groups": ["{group}"],
                            "scopes": ["access:services!service={service}"]}}]
'''

# Members named in the hub's database: the authenticator must make sure a name is its owner. One set
# on jupyterhub's own command line isn't seen by `rulesdojo hub`, so the hub checks again at sign-in.
BY_NAME = '''# Add mentors with the hub's admin page or API.
c.JupyterHub.load_groups = {{"{group}": {{"users": []}}}}


def _no_mentor_by_the_class_password(authenticator, handler, authentication):
    """Refuse a member of "{group}" signing in where one password serves every name."""
    if type(authenticator).__name__ in {one_password!r} and not authenticator.manage_groups:
        user = handler.find_user(authentication["name"])
        if user is not None and "{group}" in {{g.name for g in user.groups}}:
            authenticator.log.warning("%s is in the group {group}, and %s takes one password for every "
                                      "name: sign-in refused (docs/deploy.md)", user.name,
                                      type(authenticator).__name__)
            return None
    return authentication


c.Authenticator.post_auth_hook = _no_mentor_by_the_class_password
'''

# With one class password, membership comes from the mentors' own password, never from a name
# anyone can type: signing in with it puts the person in the group, the class password takes them out.
BY_PASSWORD = '''import os

_mentors_password = os.environ.get("{variable}", "")
if not _mentors_password:
    raise SystemExit("jupyterhub_config.py: set {variable} to the mentors' own password (not the class "
                     "password): without it anyone with the class password could sign in as a mentor")
c.SharedPasswordAuthenticator.manage_groups = True
c.SharedPasswordAuthenticator.password_groups = {{_mentors_password: ["{group}"]}}
'''


def admission(allow: tuple[str, ...] = ()) -> str:
    """Return the lines that say who may sign in: everyone the authenticator signs in, or only ``allow``.

    >>> admission()
    'c.Authenticator.allow_all = True  # to admit only some: rulesdojo hub --allow NAME,NAME\\n'
    >>> admission(("ana", "ben"))
    "c.Authenticator.allowed_users = {'ana', 'ben'}  # and users added on the hub's admin page\\n"
    """
    if not allow:
        return "c.Authenticator.allow_all = True  # to admit only some: rulesdojo hub --allow NAME,NAME\n"
    names = ", ".join(map(repr, sorted(set(allow))))
    return f"c.Authenticator.allowed_users = {{{names}}}  # and users added on the hub's admin page\n"


def config(results: Path | None = None, exams: Path | None = None, mentors: str | None = "mentors",
           mentor_port: int = 8867, authenticator: str | None = None,
           mentors_password_env: str | None = None, allow: tuple[str, ...] = ()) -> str:
    """Return a ``jupyterhub_config.py`` serving the kit: one Voila server per learner, one results store.

    ``results`` and ``exams`` are handed to every server (and the mentors'); ``mentors`` names the hub
    group whose members reach the mentors' server (None: no mentors' service). ``authenticator`` is
    the hub's; one that takes a single password for every name (``dummy``, ``shared-password``) can't
    tell a mentor from a learner typing the mentor's name, so a mentors' group with it is refused
    (``HubError``) unless mentors have their own password: ``mentors_password_env`` names the
    environment variable the hub reads it from (``shared-password`` only).

    >>> text = config(Path("/srv/dojo/results.sqlite3"))
    >>> "'RULESDOJO_RESULTS': '/srv/dojo/results.sqlite3'" in text, 'access:services!service=rulesdojo-mentor' in text
    (True, True)
    >>> config(authenticator="dummy")
    Traceback (most recent call last):
    rulesdojo.serve.hub.HubError: the dummy authenticator takes one password for every name: anyone who has it could sign in as a member of the mentors' group "mentors" and read every candidate's answers. Give mentors their own sign-in (another authenticator), or serve no mentors' server (--mentors '')
    """
    kind = ONE_PASSWORD.get((authenticator or "").rsplit(".", 1)[-1].lower())
    if mentors and kind and not (kind == "shared-password" and mentors_password_env):
        fix = ("give mentors a password of their own with --mentors-password-env VARIABLE (the hub reads it "
               "from that environment variable as it starts)" if kind == "shared-password" else
               "Give mentors their own sign-in (another authenticator)")
        raise HubError(f"the {kind} authenticator takes one password for every name: anyone who has it could "
                       f"sign in as a member of the mentors' group \"{mentors}\" and read every candidate's "
                       f"answers. {fix[0].upper() + fix[1:]}, or serve no mentors' server (--mentors '')")
    if mentors_password_env and kind != "shared-password":
        raise HubError("--mentors-password-env is for the shared-password authenticator (its password_groups)")
    environment = {name: str(Path(path).resolve()) for name, path in
                   (("RULESDOJO_RESULTS", results), ("RULESDOJO_EXAMS", exams)) if path is not None}
    members = (BY_PASSWORD.format(variable=mentors_password_env, group=mentors) if mentors_password_env else
               BY_NAME.format(group=mentors, one_password=("DummyAuthenticator", "SharedPasswordAuthenticator")))
    extra = MENTORS.format(group=mentors, service=MENTOR_SERVICE, port=mentor_port, members=members,
                           environment=environment) if mentors else ""
    chosen = f"c.JupyterHub.authenticator_class = {authenticator!r}\n" if authenticator else ""
    return CONFIG.format(environment=environment, authenticator=chosen, admission=admission(allow), mentors=extra)
