"""JupyterHub's sign-in for Jupyter servers, in the form Voila takes it (``rulesdojo serve --hub``).

Imported by Voila by name (``--Voila.identity_provider_class``) only in a server the hub started,
so the kit needs JupyterHub installed only where it runs under a hub.
"""

from jupyterhub.singleuser.extension import JupyterHubIdentityProvider


class HubIdentityProvider(JupyterHubIdentityProvider):
    """Admit whom the hub allows on this server; the hub's API token is the server's token.

    Voila hands every identity provider a ``token`` argument; here the hub's OAuth decides, so it
    is set aside rather than passed on to a class that has no such setting.
    """

    def __init__(self, token=None, **kwargs):
        super().__init__(**kwargs)
