"""Disaster Draft: units with effects as data, battles resolved by speed, whole games with bots."""
