using Bookstore.Domain;

namespace Bookstore.Data;

/// <summary>In-memory storage shared by all repositories; derived classes decide what is valid.</summary>
public abstract class RepositoryBase<T> : IRepository<T> where T : class, IEntity
{
    protected readonly Dictionary<int, T> Items = new();

    protected RepositoryBase(string name)
    {
        Name = name;
    }

    public event EventHandler<T>? Added;

    public string Name { get; }

    public int Count => Items.Count;

    public virtual T? FindById(int id) => Items.TryGetValue(id, out var entity) ? entity : null;

    public IReadOnlyList<T> All() => Items.Values.OrderBy(entity => entity.Id).ToList();

    public void Add(T entity)
    {
        Validate(entity);
        Items[entity.Id] = entity;
        Log($"added #{entity.Id}");
        Added?.Invoke(this, entity);
    }

    public virtual bool Remove(int id) => Items.Remove(id);

    public virtual async Task SaveChangesAsync(CancellationToken cancellationToken = default)
    {
        await Task.Delay(1, cancellationToken);
        Log($"saved {Count} item(s)");
    }

    protected abstract void Validate(T entity);

    protected void Log(string message)
    {
#if BOOKSTORE_TRACE
        Console.WriteLine($"[{Name}] {message}");
#endif
    }
}
