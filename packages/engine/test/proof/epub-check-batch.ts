/**
 * EPUBCheck on many files in a few JVMs: starting Java costs one to four seconds a run, so the proof matrix
 * checks its 39 EPUBs with a small Java program (run from source by the `java` launcher, JEP 330) that calls
 * EPUBCheck's own command-line tool once per file in one JVM and writes one JSON report per file (`-j`), as the
 * `java -jar epubcheck.jar f.epub -j report.json` command does. The JVM runs with the client compiler only
 * (`-XX:TieredStopAtLevel=1`): 39 proof EPUBs take about 16 s of CPU that way, against 26 s with both compilers.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EPUBCHECK_JAR, type EpubcheckMessage } from '../epub-docx-html/helpers.ts';

const run = promisify(execFile);

/** The batch runner: arguments are pairs `<epub> <report.json>`. */
const BATCH_SOURCE = `import com.adobe.epubcheck.tool.EpubChecker;
public class EpubcheckBatch {
  public static void main(String[] args) {
    for (int i = 0; i + 1 < args.length; i += 2) {
      new EpubChecker().run(new String[] { args[i], "-j", args[i + 1], "-q" });
    }
  }
}
`;

/**
 * Check every file with EPUBCheck, in `jvms` Java processes at once (files dealt round-robin; one by default:
 * a second JVM pays its start and warm-up again).
 * @returns each file's messages from its JSON report, by path.
 * @throws when Java or the jar is missing, or a report was not written.
 */
export async function epubcheckMany(files: readonly string[], jvms = 1): Promise<Map<string, EpubcheckMessage[]>> {
  if (!existsSync(EPUBCHECK_JAR)) throw new Error(`EPUBCheck not found at ${EPUBCHECK_JAR} (apt-get install epubcheck)`);
  const dir = await mkdtemp(join(tmpdir(), 'quire-epubcheck-batch-'));
  const source = join(dir, 'EpubcheckBatch.java');
  await writeFile(source, BATCH_SOURCE);
  const reports = files.map((_, i) => join(dir, `report-${i}.json`));
  const groups = Array.from({ length: Math.max(1, jvms) }, (_, g) => files.flatMap((f, i) => (i % jvms === g ? [f, reports[i] as string] : [])));
  await Promise.all(
    groups.filter((g) => g.length > 0).map((args) => run('java', ['-Xshare:auto', '-XX:TieredStopAtLevel=1', '-cp', EPUBCHECK_JAR, source, ...args], { maxBuffer: 64 << 20 })),
  );
  const out = new Map<string, EpubcheckMessage[]>();
  for (const [i, file] of files.entries()) {
    const json = JSON.parse(await readFile(reports[i] as string, 'utf8')) as { messages: EpubcheckMessage[] };
    out.set(file, json.messages);
  }
  return out;
}
