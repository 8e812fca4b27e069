export * from './defineListScreen';
export * from './workbook';
export * from './messages';
