import { open } from 'node:fs/promises';

/** One entry of a zip's central directory, as the archive declares it. */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

export class ZipError extends Error {}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const MAX_ENTRIES = 20_000;

/**
 * Reads a zip's central directory without inflating anything, so a DOCX's declared sizes can be
 * checked before a parser expands it. Zip64 archives are refused: no real DOCX needs one.
 */
export async function readZipDirectory(filePath: string): Promise<ZipEntry[]> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    // The end record is 22 bytes plus a comment of up to 64 KiB.
    const tailSize = Math.min(size, 22 + 0xffff);
    const tail = Buffer.alloc(tailSize);
    await handle.read(tail, 0, tailSize, size - tailSize);
    let eocd = -1;
    for (let i = tailSize - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ZipError('not a zip archive (no end of central directory)');
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) throw new ZipError('zip64 archives are not accepted');
    if (count > MAX_ENTRIES) throw new ZipError(`too many entries (${count})`);
    if (dirOffset + dirSize > size) throw new ZipError('the central directory lies outside the file');
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL_SIGNATURE) throw new ZipError('damaged central directory');
      const compressedSize = dir.readUInt32LE(p + 20);
      const uncompressedSize = dir.readUInt32LE(p + 24);
      const nameLength = dir.readUInt16LE(p + 28);
      const extraLength = dir.readUInt16LE(p + 30);
      const commentLength = dir.readUInt16LE(p + 32);
      if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff) throw new ZipError('zip64 entries are not accepted');
      const name = dir.toString('utf8', p + 46, p + 46 + nameLength);
      entries.push({ name, compressedSize, uncompressedSize });
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await handle.close();
  }
}
