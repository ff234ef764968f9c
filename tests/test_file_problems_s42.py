"""A file that cannot be written says the system's reason in the window's language: the common
OS errors have French words (before, a French window said "erreur du système" for all but six)."""

import errno
import os
from pathlib import Path

import pytest

from arena_game.formats.problems import unwritable

REASONS = {
    errno.ENOTDIR: "une partie du chemin n'est pas un dossier",
    errno.EEXIST: "le fichier existe déjà",
    errno.ENAMETOOLONG: "nom de fichier trop long",
    errno.EDQUOT: "quota de disque dépassé",
    errno.EPERM: "opération non permise",
    errno.ELOOP: "trop de liens symboliques à suivre",
    errno.EFBIG: "fichier trop gros",
    errno.EBUSY: "périphérique ou fichier occupé",
    errno.ETXTBSY: "fichier en cours d'utilisation",
    errno.ENOTEMPTY: "dossier non vide",
    errno.EINVAL: "nom ou argument refusé par le système",
    errno.ENOSPC: "plus de place sur le disque",
}


@pytest.mark.parametrize("number", sorted(REASONS))
def test_an_os_reason_in_french_and_the_systems_words_in_english(number):
    fault = unwritable(Path("/home/p/regles.toml"), OSError(number, os.strerror(number)))
    assert fault.in_language("fr") == f"/home/p/regles.toml : ne peut pas être écrit ({REASONS[number]})"
    assert fault.in_language("en") == f"/home/p/regles.toml: cannot be written ({os.strerror(number)})"
