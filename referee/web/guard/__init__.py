"""Keeping the app safe and up on a network: security headers and the sealed session
cookie, rate limits, redaction of table links from logs, the database's time limits and
what a page says while it is away, error pages, and the health checks a load balancer asks."""
