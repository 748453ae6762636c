"""Tests of the web app."""
