"""Tabletop Simulator's saved objects, as far as draftdeck writes them: a card, a deck of
cards on custom sheets, a bag of decks, and the saved file that holds one of them."""

from __future__ import annotations

from typing import TypedDict


class Transform(TypedDict):
    """Where an object lies on the table, how it is turned and how large it is."""

    posX: float
    posY: float
    posZ: float
    rotX: float
    rotY: float
    rotZ: float
    scaleX: float
    scaleY: float
    scaleZ: float


class CustomSheet(TypedDict):
    """A sheet of card faces in a grid, and the back (one picture, or a sheet of backs)."""

    FaceURL: str
    BackURL: str
    NumWidth: int
    NumHeight: int
    BackIsHidden: bool
    """The sheet's last slot holds the card shown while hidden."""
    UniqueBack: bool
    """BackURL is a sheet whose slots are each card's back."""
    Type: int


class CardObject(TypedDict):
    """One card: its sheet's number times 100 plus its slot is its CardID."""

    Name: str
    Nickname: str
    Description: str
    GMNotes: str
    CardID: int
    CustomDeck: dict[str, CustomSheet]
    Transform: Transform


class DeckObject(TypedDict):
    """A deck: its cards in order, every sheet they are on by number."""

    Name: str
    Nickname: str
    Description: str
    DeckIDs: list[int]
    CustomDeck: dict[str, CustomSheet]
    ContainedObjects: list[CardObject]
    Transform: Transform


class BagObject(TypedDict):
    """A bag holding decks (and single cards)."""

    Name: str
    Nickname: str
    Description: str
    Transform: Transform
    ContainedObjects: list[CardObject | DeckObject]


class SavedObject(TypedDict):
    """A saved object's file, which Tabletop Simulator loads from its Saved Objects."""

    SaveName: str
    GameMode: str
    Date: str
    ObjectStates: list[CardObject | DeckObject | BagObject]
