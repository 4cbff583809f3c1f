/**
 * Notices, help documents and a SOP for the demo tenant, each written in the five languages, so a
 * newcomer reads them in their own. A notice in a language reaches the readers of that language;
 * two notices are for one plant only.
 */
import type { Kysely } from 'kysely';
import type { Language } from '../../model/languages';
import type { DB } from '../db/types';
import type { DemoCompany, DemoFactory } from './company';

/** The demo SOP's public key, so the README can link to it. */
export const DEMO_SOP_KEY = '5e0c0000-0000-4000-8000-000000000001';

type Text = [title: string, content: string];
type InFive = Record<Language, Text>;

const HOUR = 3600_000;

const NOTICES: { level: 'info' | 'warning'; factory: DemoFactory | null; hoursAgo: number; text: InFive }[] = [
  {
    level: 'info',
    factory: null,
    hoursAgo: 72,
    text: {
      'zh-CN': [
        '欢迎使用华远制造执行门户',
        '<p>从左侧菜单打开各业务模块；右上角可切换工厂、组织与语言。</p><p>等待您审批的任务计入页头的任务计数。</p>',
      ],
      'zh-TW': [
        '歡迎使用華遠製造執行入口網站',
        '<p>從左側選單開啟各業務模組；右上角可切換工廠、組織與語言。</p><p>等待您審批的任務計入頁首的任務計數。</p>',
      ],
      en: [
        'Welcome to the Huayuan manufacturing portal',
        '<p>Open each domain from the menu; switch factory, organisation and language at the top right.</p><p>Approvals waiting for you are counted in the header.</p>',
      ],
      vi: [
        'Chào mừng đến với cổng thông tin sản xuất Huayuan',
        '<p>Mở từng phân hệ từ menu bên trái; chuyển nhà máy, tổ chức và ngôn ngữ ở góc trên bên phải.</p><p>Các phê duyệt đang chờ bạn được đếm ở thanh tiêu đề.</p>',
      ],
      es: [
        'Bienvenido al portal de fabricación de Huayuan',
        '<p>Abra cada módulo desde el menú de la izquierda; cambie de fábrica, organización e idioma arriba a la derecha.</p><p>Las aprobaciones que le esperan se cuentan en la cabecera.</p>',
      ],
    },
  },
  {
    level: 'warning',
    factory: null,
    hoursAgo: 26,
    text: {
      'zh-CN': ['周六 22:00–24:00 系统维护', '<p>维护期间请勿提交单据。</p>'],
      'zh-TW': ['週六 22:00–24:00 系統維護', '<p>維護期間請勿提交單據。</p>'],
      en: [
        'System maintenance on Saturday 22:00–24:00',
        '<p>Please do not submit documents during the maintenance window.</p>',
      ],
      vi: ['Bảo trì hệ thống thứ Bảy 22:00–24:00', '<p>Vui lòng không gửi chứng từ trong thời gian bảo trì.</p>'],
      es: [
        'Mantenimiento del sistema el sábado de 22:00 a 24:00',
        '<p>No envíe documentos durante la ventana de mantenimiento.</p>',
      ],
    },
  },
  {
    level: 'info',
    factory: 'suzhou',
    hoursAgo: 5,
    text: {
      'zh-CN': [
        '苏州工厂 SMT 2 线周四停线保养',
        '<p>周四 08:00–12:00 SMT 2 线进行预防性保养，相关工单请改排至 SMT 1 线。</p>',
      ],
      'zh-TW': [
        '蘇州工廠 SMT 2 線週四停線保養',
        '<p>週四 08:00–12:00 SMT 2 線進行預防性保養，相關工單請改排至 SMT 1 線。</p>',
      ],
      en: [
        'Suzhou plant: SMT line 2 stops for maintenance on Thursday',
        '<p>SMT line 2 is under preventive maintenance on Thursday 08:00–12:00; move its work orders to SMT line 1.</p>',
      ],
      vi: [
        'Nhà máy Tô Châu: dây chuyền SMT 2 dừng bảo trì vào thứ Năm',
        '<p>Dây chuyền SMT 2 được bảo trì phòng ngừa vào thứ Năm 08:00–12:00; hãy chuyển lệnh sản xuất sang dây chuyền SMT 1.</p>',
      ],
      es: [
        'Planta de Suzhou: la línea SMT 2 para por mantenimiento el jueves',
        '<p>La línea SMT 2 está en mantenimiento preventivo el jueves de 08:00 a 12:00; pase sus órdenes de trabajo a la línea SMT 1.</p>',
      ],
    },
  },
  {
    level: 'info',
    factory: 'hanoi',
    hoursAgo: 4,
    text: {
      'zh-CN': ['河内工厂下周一起启用夜班', '<p>三相表装配线自下周一起实行两班制（07:30 与 19:30 交接）。</p>'],
      'zh-TW': ['河內工廠下週一起啟用夜班', '<p>三相電表裝配線自下週一起實行兩班制（07:30 與 19:30 交接）。</p>'],
      en: [
        'Hanoi plant: night shift from next Monday',
        '<p>The three-phase assembly line runs two shifts from next Monday (handover at 07:30 and 19:30).</p>',
      ],
      vi: [
        'Nhà máy Hà Nội: bắt đầu ca đêm từ thứ Hai tới',
        '<p>Dây chuyền lắp ráp công tơ ba pha chạy hai ca từ thứ Hai tới (giao ca lúc 07:30 và 19:30).</p>',
      ],
      es: [
        'Planta de Hanói: turno de noche desde el próximo lunes',
        '<p>La línea de montaje trifásica trabaja a dos turnos desde el próximo lunes (relevo a las 07:30 y a las 19:30).</p>',
      ],
    },
  },
];

const HELP: Record<string, InFive> = {
  '/platform/dict': {
    'zh-CN': [
      '字典管理',
      '<h3>字典管理</h3><p>左侧表格维护字典（名称与类型），点击一行在右侧维护其明细（标签与值）。类型在租户内唯一。</p>',
    ],
    'zh-TW': [
      '字典管理',
      '<h3>字典管理</h3><p>左側表格維護字典（名稱與類型），點擊一列在右側維護其明細（標籤與值）。類型在租戶內唯一。</p>',
    ],
    en: [
      'Dictionaries',
      '<h3>Dictionaries</h3><p>The table on the left holds dictionaries (name and type); click a row to maintain its details (label and value) on the right. A type is unique within the tenant.</p>',
    ],
    vi: [
      'Từ điển',
      '<h3>Từ điển</h3><p>Bảng bên trái chứa các từ điển (tên và loại); bấm vào một dòng để quản lý chi tiết của nó (nhãn và giá trị) ở bên phải. Mỗi loại là duy nhất trong khách thuê.</p>',
    ],
    es: [
      'Diccionarios',
      '<h3>Diccionarios</h3><p>La tabla de la izquierda contiene los diccionarios (nombre y tipo); pulse una fila para mantener sus detalles (etiqueta y valor) a la derecha. Un tipo es único dentro del inquilino.</p>',
    ],
  },
  '/basic/line': {
    'zh-CN': [
      '产线管理',
      '<h3>产线管理</h3><p>产线属于当前工厂：在右上角切换工厂后，列表只显示该工厂的产线。每条产线归属一个车间，编码在工厂内唯一。</p>',
    ],
    'zh-TW': [
      '產線管理',
      '<h3>產線管理</h3><p>產線屬於目前的工廠：在右上角切換工廠後，清單只顯示該工廠的產線。每條產線歸屬一個車間，編碼在工廠內唯一。</p>',
    ],
    en: [
      'Lines',
      "<h3>Lines</h3><p>Lines belong to the current factory: after switching factory at the top right, the list shows that factory's lines only. Each line belongs to a workshop; its code is unique within the factory.</p>",
    ],
    vi: [
      'Dây chuyền',
      '<h3>Dây chuyền</h3><p>Dây chuyền thuộc về nhà máy hiện tại: sau khi chuyển nhà máy ở góc trên bên phải, danh sách chỉ hiển thị dây chuyền của nhà máy đó. Mỗi dây chuyền thuộc một phân xưởng; mã là duy nhất trong nhà máy.</p>',
    ],
    es: [
      'Líneas',
      '<h3>Líneas</h3><p>Las líneas pertenecen a la fábrica actual: al cambiar de fábrica arriba a la derecha, la lista muestra solo las líneas de esa fábrica. Cada línea pertenece a un taller; su código es único dentro de la fábrica.</p>',
    ],
  },
  '/basic/workstation': {
    'zh-CN': [
      '工位管理',
      '<h3>工位管理</h3><p>工位属于产线，可绑定一台或多台打印机。产线文员只看到自己建立的工位（数据权限“本人”）。</p>',
    ],
    'zh-TW': [
      '工位管理',
      '<h3>工位管理</h3><p>工位屬於產線，可綁定一台或多台印表機。產線文員只看到自己建立的工位（資料權限「本人」）。</p>',
    ],
    en: [
      'Workstations',
      '<h3>Workstations</h3><p>A workstation belongs to a line and may have one or more printers. A line clerk sees only the workstations they created (data permission "own records").</p>',
    ],
    vi: [
      'Trạm làm việc',
      '<h3>Trạm làm việc</h3><p>Trạm làm việc thuộc một dây chuyền và có thể gắn một hoặc nhiều máy in. Văn thư dây chuyền chỉ thấy các trạm do mình tạo (quyền dữ liệu "bản ghi của mình").</p>',
    ],
    es: [
      'Estaciones de trabajo',
      '<h3>Estaciones de trabajo</h3><p>Una estación de trabajo pertenece a una línea y puede tener una o varias impresoras. Un administrativo de línea solo ve las estaciones que creó (permiso de datos «registros propios»).</p>',
    ],
  },
  '/flow/task': {
    'zh-CN': [
      '流程任务',
      '<h3>流程任务</h3><p>待办列出等待您审批的任务，已办列出您处理过的任务。打开任务可查看业务单据与流程图；勾选多条可批量审核。驳回时必须填写意见。</p>',
    ],
    'zh-TW': [
      '流程任務',
      '<h3>流程任務</h3><p>待辦列出等待您審批的任務，已辦列出您處理過的任務。開啟任務可檢視業務單據與流程圖；勾選多筆可批量審核。駁回時必須填寫意見。</p>',
    ],
    en: [
      'Tasks',
      '<h3>Tasks</h3><p>Pending lists the tasks waiting for your decision, finished the ones you decided. Open a task to see its record and flow chart; tick several for a batch audit. A rejection needs an opinion.</p>',
    ],
    vi: [
      'Nhiệm vụ',
      '<h3>Nhiệm vụ</h3><p>Mục đang chờ liệt kê các nhiệm vụ chờ bạn quyết định, mục đã xử lý là những nhiệm vụ bạn đã quyết định. Mở một nhiệm vụ để xem chứng từ và sơ đồ quy trình; chọn nhiều nhiệm vụ để duyệt hàng loạt. Khi từ chối phải nhập ý kiến.</p>',
    ],
    es: [
      'Tareas',
      '<h3>Tareas</h3><p>Pendientes lista las tareas que esperan su decisión; finalizadas, las que ya decidió. Abra una tarea para ver su registro y el diagrama de flujo; marque varias para una auditoría por lotes. Un rechazo necesita una opinión.</p>',
    ],
  },
};

const SOP: InFive = {
  'zh-CN': [
    '标签打印机换纸作业指导',
    '<ol><li>暂停打印任务。</li><li>打开上盖，取出旧纸卷。</li><li>装入新纸卷并校准。</li></ol>',
  ],
  'zh-TW': [
    '標籤印表機換紙作業指導',
    '<ol><li>暫停列印工作。</li><li>打開上蓋，取出舊紙捲。</li><li>裝入新紙捲並校正。</li></ol>',
  ],
  en: [
    'Changing the label printer roll',
    '<ol><li>Pause the print jobs.</li><li>Open the cover and take out the old roll.</li><li>Load the new roll and calibrate.</li></ol>',
  ],
  vi: [
    'Thay cuộn giấy máy in nhãn',
    '<ol><li>Tạm dừng các lệnh in.</li><li>Mở nắp và lấy cuộn giấy cũ ra.</li><li>Lắp cuộn giấy mới và hiệu chỉnh.</li></ol>',
  ],
  es: [
    'Cambio del rollo de la impresora de etiquetas',
    '<ol><li>Pause los trabajos de impresión.</li><li>Abra la tapa y saque el rollo usado.</li><li>Coloque el rollo nuevo y calíbrelo.</li></ol>',
  ],
};

const inEach = <T>(text: InFive, make: (language: Language, title: string, content: string) => T): T[] =>
  (Object.entries(text) as [Language, Text][]).map(([language, [title, content]]) => make(language, title, content));

export async function seedNoticesAndHelp(db: Kysely<DB>, company: DemoCompany): Promise<void> {
  const { tenantId } = company;
  const now = Date.now();
  await db
    .insertInto('notice')
    .values(
      NOTICES.flatMap((n) =>
        inEach(n.text, (language, title, content) => ({
          tenant_id: tenantId,
          title,
          content,
          level: n.level,
          language,
          factory_ids: n.factory ? [company.factories[n.factory]] : [],
          publish_at: new Date(now - n.hoursAgo * HOUR),
          created_by: company.users.admin ?? null,
        })),
      ),
    )
    .execute();
  await db
    .insertInto('help_doc')
    .values([
      ...Object.entries(HELP).flatMap(([route, text]) =>
        inEach(text, (language, title, content) => ({
          tenant_id: tenantId,
          kind: 'help' as const,
          route_path: route,
          language,
          title,
          content,
        })),
      ),
      ...inEach(SOP, (language, title, content) => ({
        tenant_id: tenantId,
        kind: 'sop' as const,
        doc_key: DEMO_SOP_KEY,
        language,
        title,
        content,
      })),
    ])
    .execute();
}
