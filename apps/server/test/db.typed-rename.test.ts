import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Decision 040: a read's row type comes from the schema, so renaming a column breaks the build of
// every read that selects it. This type-checks a real read (the agent's own profile, which
// selects agents.name) against the real schema, once as it is and once with agents.name renamed
// in the schema as a migration renaming the column would make it, and expects the compiler to
// name the read's use of the old column.

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = path.join(server, 'src/db/schema/foundation.ts');
const readFile = path.join(server, 'src/modules/agents/get-agent-info.ts');

/** The schema's agents table with its name column renamed to full_name (fullName). */
function renamed(text: string): string {
  const table = text.indexOf("export const agents = pgTable('agents', {");
  const column = text.indexOf("  name: text('name')", table);
  expect(table).toBeGreaterThanOrEqual(0);
  expect(column).toBeGreaterThan(table);
  return `${text.slice(0, column)}  fullName: text('full_name')${text.slice(column + "  name: text('name')".length)}`;
}

function diagnosticsOf(rename: boolean): ts.Diagnostic[] {
  const configPath = path.join(server, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const host = ts.createCompilerHost({ ...config.options, noEmit: true });
  const read = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = read(file);
    return rename && text !== undefined && path.resolve(file) === schemaFile ? renamed(text) : text;
  };
  const program = ts.createProgram({
    rootNames: [readFile],
    options: { ...config.options, noEmit: true },
    host,
  });
  const source = program.getSourceFile(readFile)!;
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
}

const described = (d: ts.Diagnostic) => {
  const { line } = d.file!.getLineAndCharacterOfPosition(d.start!);
  return `TS${d.code} line ${line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
};

// Each check builds a program over the read's imports: tens of seconds on a busy machine.
describe('a column renamed in the schema', { timeout: 180_000 }, () => {
  it('type-checks the read as it is', () => {
    expect(diagnosticsOf(false).map(described)).toEqual([]);
  });

  it('fails to type-check the read that selects the old column, naming it', () => {
    const errors = diagnosticsOf(true).map(described);
    expect(errors.length).toBeGreaterThan(0);
    // "Property 'name' does not exist on type …": the shape's a.name and p.name.
    expect(errors.filter((e) => e.startsWith('TS2339') && e.includes("'name'")).length).toBe(2);
  });
});
