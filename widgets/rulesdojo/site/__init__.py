"""The static practice site: its build (``build``, run on the machine that publishes the site) and the
Python that runs in the learner's browser (``in_browser``, the only module of this package the site
itself carries)."""
