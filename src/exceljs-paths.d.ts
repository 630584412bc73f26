// The modules of exceljs that src/output/xlsx.ts imports by path (its writer without the rest
// of the library): exceljs types only its index, whose types these are.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  const WorkbookWriter: typeof import('exceljs').stream.xlsx.WorkbookWriter;
  export = WorkbookWriter;
}

declare module 'exceljs/lib/doc/enums.js' {
  const enums: { ValueType: typeof import('exceljs').ValueType };
  export = enums;
}
