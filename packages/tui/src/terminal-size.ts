export interface TerminalSize {
  columns: number;
  rows: number;
}
