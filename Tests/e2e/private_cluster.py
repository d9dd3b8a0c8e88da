"""A private PostgreSQL cluster for the end-to-end tests, as the Swift tests' PostgresCluster
starts one: initdb into a fresh folder under /tmp, the server listening only on a Unix socket in
that folder (no TCP), SCRAM passwords, stopped when the test ends. Never a server the tests did
not start. As root (CI), the cluster runs as `nobody` (PostgreSQL refuses root), in a folder
`nobody` owns.
"""
import glob
import os
import pwd
import secrets
import shutil
import signal
import subprocess
import tempfile
import time


class PrivateCluster:
    admin = "pinform_admin"
    port = 5432

    def __init__(self):
        versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not versions:
            raise AssertionError("PostgreSQL's server is not installed (apt install postgresql)")
        self.bin = os.path.dirname(versions[-1])
        self.folder = tempfile.mkdtemp(prefix="pinform-e2e-pg-", dir="/tmp")
        self.socket = os.path.join(self.folder, "socket")
        os.mkdir(self.socket)
        self.password = secrets.token_hex(12)
        password_file = os.path.join(self.folder, "password")
        with open(password_file, "w") as handle:
            handle.write(self.password)
        self.identity = []
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            for path in (self.folder, self.socket, password_file):
                os.chown(path, nobody.pw_uid, nobody.pw_gid)
            self.identity = ["--reuid", str(nobody.pw_uid), "--regid", str(nobody.pw_gid), "--clear-groups"]
        data = os.path.join(self.folder, "data")
        subprocess.run(["setpriv", *self.identity, f"{self.bin}/initdb", "-D", data, "-U", self.admin, "--pwfile", password_file,
                        "--auth", "scram-sha-256", "--no-sync", "--no-instructions", "-E", "UTF8", "--locale", "C"],
                       check=True, cwd="/tmp", stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.unlink(password_file)
        self.data = data
        self.start()

    def start(self):
        """Starts the server (again, after `pause()`) on the same data and socket."""
        data = self.data
        self.server = subprocess.Popen(
            ["setpriv", *self.identity, "--pdeathsig", "KILL", f"{self.bin}/postgres", "-D", data, "-k", self.socket,
             "-p", str(self.port), "-c", "listen_addresses=", "-c", "fsync=off", "-c", "shared_buffers=16MB"],
            cwd="/tmp", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while subprocess.run([f"{self.bin}/pg_isready", "-q", "-h", self.socket, "-p", str(self.port)]).returncode != 0:
            if time.monotonic() > deadline or self.server.poll() is not None:
                self.stop()
                raise AssertionError("the private PostgreSQL cluster did not start")
            time.sleep(0.05)

    def psql(self, sql, database="postgres"):
        result = subprocess.run([f"{self.bin}/psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", self.socket,
                                 "-p", str(self.port), "-U", self.admin, "-d", database, "-c", sql],
                                env={**os.environ, "PGPASSWORD": self.password}, capture_output=True, text=True)
        if result.returncode != 0:
            raise AssertionError(f"psql failed: {result.stderr}")
        return result.stdout.strip()

    def address(self, database, user):
        return f"postgresql:///{database}?host={self.socket}&port={self.port}&user={user}"

    def pause(self):
        """Stops the server (fast shutdown: its sessions end) and keeps its data, for `start()`."""
        if self.server.poll() is None:
            self.server.send_signal(signal.SIGINT)
            self.server.wait(10)

    def stop(self):
        if self.server.poll() is None:
            self.server.terminate()
            self.server.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)
