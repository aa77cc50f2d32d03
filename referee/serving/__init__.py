"""Serving the app: ``referee serve`` (``command``: the database made ready, then gunicorn
with the settings of the README's table) and gunicorn's access log, redacted
(``access_log``)."""
