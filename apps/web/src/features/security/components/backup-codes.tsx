import { Copy, Download } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast, toastError } from '@/components/ui/use-toast';

/**
 * The ten backup codes, shown once right after two-factor turns on: the server keeps only their hashes,
 * so this is the only time anyone can read them.
 */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied!', description: 'Backup codes copied to clipboard' });
    } catch {
      toastError('Copy failed: select the codes and copy them yourself.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`Holdfast backup codes\n\n${text}\n`], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'holdfast-backup-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="space-y-4" aria-labelledby="backup-codes-title">
      <Alert>
        <AlertTitle id="backup-codes-title">Save your backup codes</AlertTitle>
        <AlertDescription>
          If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they will not be
          shown again.
        </AlertDescription>
      </Alert>
      <ul className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-4 font-mono text-sm" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button type="button" onClick={onDone}>
          I've saved my codes
        </Button>
      </div>
    </section>
  );
}
