/**
 * `--state-file` and `--ready-file` (issue 46), for every stateful HTTP form: a state file is read
 * at start when it exists (a malformed one stops the start, naming the field: nothing half-loaded)
 * and written on close (the CLI closes on SIGTERM and SIGINT); a ready file holds the URL once the
 * server listens, and goes on close. Both are written atomically: a temporary file beside the
 * target, then a rename, so a reader never sees half a file.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { CloudInterfacesError } from "../core/base-error.js";
import type { EmulatorControl } from "./types.js";

/** The largest state file read (the control API's `PUT /__emulator/state` limit). */
export const MAX_STATE_FILE_BYTES = 32 * 1024 * 1024;

/** Writes `text` to `path` atomically (temporary file, then rename). */
export function writeAtomically(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now().toString(36)}.tmp`);
  try {
    writeFileSync(temporary, text, { mode: 0o600 });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Restores the handle from the file if it exists; true if it did. */
export function loadStateFile(handle: Pick<EmulatorControl, "restore">, path: string): boolean {
  if (!existsSync(path)) return false;
  const text = readFileSync(path);
  if (text.length > MAX_STATE_FILE_BYTES) throw new CloudInterfacesError(`state file ${path}: ${text.length} bytes, over ${MAX_STATE_FILE_BYTES} bytes`);
  let snapshot: unknown;
  try {
    snapshot = JSON.parse(text.toString("utf8"));
  } catch {
    throw new CloudInterfacesError(`state file ${path}: not valid JSON (a state as GET /__emulator/state gives it); the emulator was not started`);
  }
  try {
    handle.restore(snapshot);
  } catch (error) {
    throw new CloudInterfacesError(`state file ${path}: ${(error as Error).message}; the emulator was not started`);
  }
  return true;
}

/** Writes the handle's state to the file atomically. */
export function saveStateFile(handle: Pick<EmulatorControl, "snapshot">, path: string): void {
  writeAtomically(path, `${JSON.stringify(handle.snapshot())}\n`);
}

/** Writes the URL to the ready file (atomically). */
export function writeReadyFile(path: string, url: string): void {
  writeAtomically(path, `${url}\n`);
}

export function removeReadyFile(path: string): void {
  rmSync(path, { force: true });
}
