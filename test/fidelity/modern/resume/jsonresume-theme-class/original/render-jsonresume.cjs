const fs=require('fs');
const p=['node_modules/resume-schema/sample.resume.json','node_modules/resume-schema/resume.json'].find(f=>fs.existsSync(f));
const resume=JSON.parse(fs.readFileSync(p,'utf8'));
const themes=fs.readdirSync('node_modules').filter(n=>n.startsWith('jsonresume-theme-')).map(n=>n.slice(17));
(async()=>{ for (const t of themes) {
  try { const m=require('jsonresume-theme-'+t); const h=await Promise.resolve(m.render(resume)); fs.mkdirSync(t,{recursive:true}); fs.writeFileSync(t+'/index.html',h); console.log(t, h.length); } catch(e){ console.log(t,'ERR',e.message.slice(0,100)); }
}})();
