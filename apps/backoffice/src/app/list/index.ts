export * from './defineListScreen';
export * from './kitLabels';
export * from './workbook';
export * from './messages';
export * from './codeNames';
