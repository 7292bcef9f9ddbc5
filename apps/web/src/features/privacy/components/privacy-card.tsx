import { DownloadIcon, FileTextIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { AppLink } from '@/components/app-link'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EXPORT_DATA_URL, EXPORT_SUMMARY_URL } from '../api/export-data'
import { DeleteAccountDialog } from './delete-account-dialog'

/** 'Seus dados' (LGPD art. 18): take a copy of everything, or leave for good. */
export function PrivacyCard() {
  const [deleting, setDeleting] = useState(false)
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Seus dados</CardTitle>
        <CardDescription>
          Baixe uma cópia de tudo o que guardamos sobre você (o arquivo completo, em JSON, ou um
          resumo para ler) ou exclua sua conta. Veja o que cada campo significa na{' '}
          <AppLink to="/privacidade" className="underline">
            Política de Privacidade
          </AppLink>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="outline">
          <a href={EXPORT_DATA_URL} download>
            <DownloadIcon aria-hidden="true" />
            Baixar meus dados
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={EXPORT_SUMMARY_URL} download>
            <FileTextIcon aria-hidden="true" />
            Baixar resumo legível
          </a>
        </Button>
        <Button type="button" variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2Icon aria-hidden="true" />
          Excluir minha conta
        </Button>
      </CardContent>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </Card>
  )
}
