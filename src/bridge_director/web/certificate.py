"""The club's own HTTPS certificate: self-signed, made on the first ``web --lan`` start and kept.

The certificate names every address and name the app is served at (the machine's LAN address, its host name,
``localhost``, ``127.0.0.1``), so a phone that accepted it once is not asked again; it is made again only when
it is missing, unreadable, about to expire, or lacks an address the app is now served at (the laptop got
another address on the club's Wi-Fi).  The private key is written readable by its owner only.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

CERT_FILE = "lan-certificate.pem"
KEY_FILE = "lan-key.pem"
VALID_DAYS = 825
RENEW_DAYS = 30


@dataclass(frozen=True, slots=True)
class Certificate:
    """The certificate and key files, the SHA-256 fingerprint (to compare on a phone) and whether it was just
    made."""

    cert: Path
    key: Path
    fingerprint: str
    made: bool


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _names(cert: x509.Certificate) -> set[str]:
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return set()
    return {*san.get_values_for_type(x509.DNSName), *(str(ip) for ip in san.get_values_for_type(x509.IPAddress))}


def fingerprint(cert: x509.Certificate) -> str:
    """The SHA-256 fingerprint in the pairs of hex digits a browser shows."""
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()


def _usable(path: Path, hosts: tuple[str, ...], now: dt.datetime) -> x509.Certificate | None:
    try:
        cert = x509.load_pem_x509_certificate(path.read_bytes())
    except (OSError, ValueError):
        return None
    if cert.not_valid_after_utc - now < dt.timedelta(days=RENEW_DAYS):
        return None
    return cert if set(hosts) <= _names(cert) else None


def make_certificate(hosts: tuple[str, ...], now: dt.datetime | None = None) -> tuple[bytes, bytes]:
    """A new self-signed certificate for ``hosts`` (names and addresses) and its key, both PEM."""
    now = now or dt.datetime.now(dt.UTC)
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hosts[0]),
                         x509.NameAttribute(NameOID.ORGANIZATION_NAME, "bridge-director (this club)")])
    alt = [x509.IPAddress(ipaddress.ip_address(h)) if _is_ip(h) else x509.DNSName(h) for h in hosts]
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(minutes=5)).not_valid_after(now + dt.timedelta(days=VALID_DAYS))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .sign(key, hashes.SHA256()))
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    return cert.public_bytes(serialization.Encoding.PEM), key_pem


def ensure_certificate(folder: Path, hosts: tuple[str, ...]) -> Certificate:
    """The certificate kept in ``folder`` when it still covers ``hosts``; otherwise a new one, written there."""
    hosts = tuple(dict.fromkeys(h.strip("[]") for h in hosts if h))
    cert_path, key_path = folder / CERT_FILE, folder / KEY_FILE
    now = dt.datetime.now(dt.UTC)
    kept = _usable(cert_path, hosts, now) if key_path.exists() else None
    if kept is not None:
        return Certificate(cert_path, key_path, fingerprint(kept), made=False)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    cert_pem, key_pem = make_certificate(hosts, now)
    descriptor = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        out.write(key_pem)
    os.chmod(key_path, 0o600)
    cert_path.write_bytes(cert_pem)
    return Certificate(cert_path, key_path, fingerprint(x509.load_pem_x509_certificate(cert_pem)), made=True)
