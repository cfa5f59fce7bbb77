/**
 * exceljs's streaming workbook reader by its own module: `import 'exceljs'` bundles the whole library (the
 * writers, archiver, jszip: about 700 KB more) into every Lambda that only reads a sheet.
 */
declare module 'exceljs/lib/stream/xlsx/workbook-reader.js' {
  import type ExcelJS from 'exceljs';

  const WorkbookReader: typeof ExcelJS.stream.xlsx.WorkbookReader;
  export default WorkbookReader;
}
