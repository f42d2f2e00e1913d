import type * as vscode from 'vscode';

/** What LazyFiles forwards to: a feature's documents of records (platform/recordFiles.ts). */
export type RecordFileSystem = vscode.FileSystemProvider &
  vscode.TextDocumentContentProvider & {
    readonly onDidChange: vscode.Event<vscode.Uri>;
    /** The person's send of the record a document is of (Send to Axiom). */
    sendDocument(uri: vscode.Uri): Promise<boolean>;
    /** The record's documents back to Axiom's version, their drafts dropped. */
    discardDraft(uri: vscode.Uri): Promise<void>;
    /** Whether the document's text is a draft kept here and not sent. */
    hasDraft(uri: vscode.Uri): boolean;
  };
