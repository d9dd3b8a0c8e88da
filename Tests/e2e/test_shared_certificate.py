"""End-to-end: a desk joins a shared PostgreSQL database by client certificate, through the join
dialog: the server (a private cluster with TLS on localhost) lets the role in by certificate
only (`hostssl … cert`, verified with `sslmode=verify-full` against the test's CA); the key is
chosen in the real file chooser, sealed in the key file under the PIN, and in no argument, no
file and no setting; locking closes the session.
"""
import json
import os
import socket
import subprocess
import tempfile
import shutil
import time

from pinform_e2e import AppTestCase, click, dialog_named, find_all, open_dialog, response_button, wait_until
from private_cluster import PrivateCluster
from test_records import button_labelled, choose_path, save_person, top_level, unlock, wait_for_rows

ROLE = "front_desk_cert"


def openssl(folder, *arguments):
    subprocess.run(["openssl", *arguments], cwd=folder, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def issue(folder, name, subject, extension):
    with open(os.path.join(folder, f"{name}.ext"), "w") as handle:
        handle.write(extension + "\n")
    openssl(folder, "req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={subject}", "-keyout", f"{name}.key", "-out", f"{name}.csr")
    openssl(folder, "x509", "-req", "-in", f"{name}.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
            "-extfile", f"{name}.ext", "-out", f"{name}.crt")
    os.chmod(os.path.join(folder, f"{name}.key"), 0o600)


class CertificateCluster(PrivateCluster):
    """The private cluster, also listening with TLS on a free port of 127.0.0.1, the test CA's
    client certificates accepted, and ROLE let in over TCP by certificate only."""

    def __init__(self, ca_folder):
        self.ca_folder = ca_folder
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.tcp_port = probe.getsockname()[1]
        self.tls_ready = False
        super().__init__()

    def start(self):
        if not self.tls_ready:
            for name in ("server.crt", "server.key", "ca.crt"):
                shutil.copy(os.path.join(self.ca_folder, name), os.path.join(self.folder, name))
                if self.identity:
                    os.chown(os.path.join(self.folder, name), int(self.identity[1]), int(self.identity[3]))
            os.chmod(os.path.join(self.folder, "server.key"), 0o600)
            rules = os.path.join(self.data, "pg_hba.conf")
            existing = open(rules).read()
            with open(rules, "w") as handle:
                handle.write(f"hostssl all {ROLE} 127.0.0.1/32 cert\n" + existing)
            self.tls_ready = True
        self.server = subprocess.Popen(
            ["setpriv", *self.identity, "--pdeathsig", "KILL", f"{self.bin}/postgres", "-D", self.data, "-k", self.socket,
             "-p", str(self.tcp_port), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "shared_buffers=16MB",
             "-c", "ssl=on", "-c", f"ssl_cert_file={self.folder}/server.crt", "-c", f"ssl_key_file={self.folder}/server.key",
             "-c", f"ssl_ca_file={self.folder}/ca.crt"],
            cwd="/tmp", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.port = self.tcp_port
        deadline = time.monotonic() + 10
        while subprocess.run([f"{self.bin}/pg_isready", "-q", "-h", self.socket, "-p", str(self.port)]).returncode != 0:
            if time.monotonic() > deadline or self.server.poll() is not None:
                self.stop()
                raise AssertionError("the private PostgreSQL cluster with TLS did not start")
            time.sleep(0.05)


class SharedCertificateTests(AppTestCase):
    def setUp(self):
        self.ca = tempfile.mkdtemp(prefix="pinform-e2e-ca-")
        self.addCleanup(shutil.rmtree, self.ca, True)
        openssl(self.ca, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=clinic-ca",
                "-keyout", "ca.key", "-out", "ca.crt")
        issue(self.ca, "server", "localhost", "subjectAltName=DNS:localhost")
        issue(self.ca, "desk", ROLE, "extendedKeyUsage=clientAuth")
        self.cluster = CertificateCluster(self.ca)
        self.addCleanup(self.cluster.stop)
        self.cluster.psql(f"CREATE ROLE {ROLE} LOGIN")
        self.cluster.psql(f"CREATE DATABASE clinic OWNER {ROLE}")

    def sessions(self):
        return self.cluster.psql(f"SELECT count(*) FROM pg_stat_activity WHERE usename = '{ROLE}'")

    def test_a_desk_joins_by_client_certificate_its_key_sealed_and_locking_closes_the_session(self):
        address = (f"postgresql://{ROLE}@localhost:{self.cluster.tcp_port}/clinic"
                   f"?sslrootcert={self.ca}/ca.crt&sslcert={self.ca}/desk.crt")
        key_text = open(os.path.join(self.ca, "desk.key")).read()
        key_body = key_text.splitlines()[5]
        app = self.launch_app(args=["--connect", address])
        root = unlock(app)
        dialog = dialog_named(root, "Join a Shared Database", 10)
        click(button_labelled(dialog, "Client Certificate’s Key…"))
        choose_path(top_level(app, "Client Certificate’s Key"), os.path.join(self.ca, "desk.key"), "Open")
        wait_until(lambda: find_all(dialog, role="label", name="desk.key, sealed under your PIN once joined"), 10,
                   "the chosen key was not shown")
        click(response_button(dialog, "Join"))
        wait_until(lambda: open_dialog(root, "Join a Shared Database") is None, 15,
                   "the join dialog stayed")

        save_person(root, {"First name": "Ada", "Last name": "Lovelace", "Birth date": "1815-12-10",
                           "Email": "ada@example.com", "Height": "1.65"})
        wait_for_rows(root, 1)
        self.assertEqual(self.cluster.psql("SELECT first_name, _created_by FROM person", "clinic"), f"Ada|{ROLE}")
        self.assertEqual(self.cluster.psql(
            f"SELECT DISTINCT s.client_dn FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.usename = '{ROLE}'"),
            f"/CN={ROLE}")

        keys = open(os.path.join(app.data_home, "pinform", "keys.json")).read()
        self.assertIn("shared-database-client-key", json.loads(keys)["credentials"])
        self.assertNotIn(key_body, keys, "the key is sealed, not stored")
        with open(f"/proc/{app.pid}/cmdline", "rb") as handle:
            self.assertNotIn(key_body.encode(), handle.read())
        for folder in (app.data_home, app.config_home, app.cache_home, os.environ.get("XDG_RUNTIME_DIR", "/nonexistent")):
            for base, _, names in os.walk(folder):
                for name in names:
                    path = os.path.join(base, name)
                    if os.path.isfile(path) and not os.path.islink(path):
                        with open(path, "rb") as handle:
                            self.assertNotIn(key_body.encode(), handle.read(), f"the key is in {path}")
        for entry in os.listdir(f"/proc/{app.pid}/fd"):
            target = os.readlink(f"/proc/{app.pid}/fd/{entry}")
            if "pinform-client-key" in target:
                self.assertEqual(os.stat(f"/proc/{app.pid}/fd/{entry}").st_size, 0, "the key's memory file is wiped")

        self.assertNotEqual(self.sessions(), "0")
        click(self.menu_item(app, "Lock"))
        wait_until(lambda: find_all(app.accessible(), role="label", name="Enter PIN"), 10, "Lock did not lock")
        wait_until(lambda: self.sessions() == "0", 10, "locking left the desk's sessions open")
